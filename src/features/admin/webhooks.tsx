import { useMutation } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import { sendWebhookTest } from '@/api/webhooks/requests';
import type { WebhookEnvelope } from '@/api/webhooks/schemas';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { AdminTokenGate } from './token-gate';

/** A test `visit.message.created` envelope for this clinic: pointers only, no content, no health data. */
export function testEnvelope(now: number = Math.floor(Date.now() / 1000)): WebhookEnvelope {
  const id = `test-${now}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    version: '1.0',
    id,
    type: 'visit.message.created',
    created: now,
    account_code: env.VITE_ACCOUNT_CODE,
    data: { visit_id: 'test-visit', message_id: `test-message-${id}`, actor_type: 'patient', ts: now },
  };
}

/** The clinic's webhook contract (spec 6) in plain words, and a test delivery (POST /webhooks/events). */
export function WebhooksPage() {
  return (
    <Page title="Webhooks">
      <div className="card">
        <h2>What the clinic’s integration receives</h2>
        <p>
          When something happens in the clinic, an event is sent as a JSON POST to the webhook address set in
          the clinic’s admin settings. Each event has a <code>type</code>, a delivery <code>id</code>, the
          time it was <code>created</code>, the clinic’s <code>account_code</code>, a <code>version</code> and
          its <code>data</code>.
        </p>
        <ul>
          <li>
            <strong>visit.created</strong>: a visit was created (its id, patient, provider, times and status).
          </li>
          <li>
            <strong>visit.message.created</strong>: a new message on a visit’s thread. It carries only
            pointers (visit id, message id, who wrote it, when), never the message itself.
          </li>
        </ul>
        <h3>How the receiving system should behave</h3>
        <ul>
          <li>Answer with any 2xx within 30 seconds, and do the work after answering.</li>
          <li>
            A delivery that is not acknowledged is tried up to 5 times, about a minute apart, so the same
            event can arrive more than once: skip a message id already seen (the delivery id changes on each
            try).
          </li>
          <li>Events can arrive out of order: order messages by their time.</li>
          <li>
            Deliveries carry no signature: keep the address secret or reachable only from the clinic
            platform’s network.
          </li>
        </ul>
      </div>
      <AdminTokenGate what="Sending a test event">
        <SendTest />
      </AdminTokenGate>
    </Page>
  );
}

function SendTest() {
  const send = useMutation({ mutationFn: () => sendWebhookTest(testEnvelope()) });
  return (
    <section className="card" aria-labelledby="webhook-test">
      <h2 id="webhook-test">Check the integration</h2>
      <p>Sends one test message event for this clinic to the webhook endpoint and shows the answer.</p>
      <Button isBusy={send.isPending} busyLabel="Sending…" onClick={() => send.mutate()}>
        Send a test event
      </Button>
      <div role="status" aria-live="polite">
        {send.isSuccess ? <p>The test event was acknowledged.</p> : null}
      </div>
      {send.isError ? (
        <p className="form-error" role="alert">
          The test event was not accepted:{' '}
          {isApiError(send.error) ? send.error.userMessage : 'please try again.'}
        </p>
      ) : null}
    </section>
  );
}
