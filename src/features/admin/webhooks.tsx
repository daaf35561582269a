import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import { webhookQueries } from '@/api/webhooks/queries';
import { sendWebhookTest } from '@/api/webhooks/requests';
import type { WebhookDelivery, WebhookEnvelope } from '@/api/webhooks/schemas';
import { QueryError } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { browserTimeZone, formatDateTime, zoneLabel } from '@/lib/dates';
import { AdminTokenGate } from './token-gate';
import { useServerExtension } from '@/api/accounts/extensions';

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
        <DeliveryLog />
      </AdminTokenGate>
    </Page>
  );
}

function SendTest() {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => sendWebhookTest(testEnvelope()),
    // The log shows the test delivery once it is acknowledged.
    onSettled: async () => {
      const deliveries = webhookQueries.deliveries();
      if (queryClient.getQueryData(deliveries.queryKey) !== undefined) {
        await queryClient.fetchQuery({ ...deliveries, staleTime: 0 }).catch(() => undefined);
      }
    },
  });
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

/**
 * The address without its path: the path may be the secret that restricts who can post to it
 * (spec 5, rule 6), so only where it goes is shown.
 */
export function maskedAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname === '/' && !parsed.search ? parsed.origin : `${parsed.origin}/…`;
  } catch {
    return 'an address that is not a valid URL';
  }
}

function answerOf(delivery: WebhookDelivery): string {
  if (delivery.status === null) return 'No answer';
  const ok = delivery.status >= 200 && delivery.status < 300;
  return `${delivery.status} ${ok ? '(acknowledged)' : '(not acknowledged)'}`;
}

/**
 * Where events go and the recent deliveries: the `GET /webhooks/deliveries` extension. A server
 * without it reports neither, and the page says so in one sentence.
 */
function DeliveryLog() {
  // Asked only of a server that lists the extension; one that answers 404 anyway is told apart below.
  const offered = useServerExtension('webhook-deliveries');
  // Read on request, never on its own: a token typed but not yet checked is first tried by an
  // action of the admin's, so a wrong token is refused where the admin acted.
  const log = useQuery({ ...webhookQueries.deliveries(), enabled: false });
  const isShown = log.data !== undefined || log.isFetching || log.isError;
  const zone = browserTimeZone();
  return (
    <section className="card" aria-labelledby="webhook-deliveries">
      <h2 id="webhook-deliveries">Endpoint and recent deliveries</h2>
      {isShown || !offered ? null : (
        <Button onClick={() => void log.refetch()}>Show recent deliveries</Button>
      )}
      {isShown && log.isPending ? <Spinner label="Loading the deliveries…" /> : null}
      <QueryError query={log} title="The deliveries could not be loaded" />
      {log.data === null || !offered ? (
        <p>
          The platform does not report the webhook address or its deliveries here. Both are in the clinic
          dashboard’s app settings.
        </p>
      ) : null}
      {log.data ? (
        <>
          <p>
            {log.data.endpoint_url
              ? `Events are sent to ${maskedAddress(log.data.endpoint_url)} (the rest of the address is hidden).`
              : 'No webhook address is set for this clinic.'}
          </p>
          {log.data.deliveries.length === 0 ? (
            <p>No deliveries yet.</p>
          ) : (
            <div
              className="table-scroll"
              tabIndex={0}
              role="region"
              aria-label="Recent deliveries (scrolls sideways)"
            >
              <table>
                <caption>Recent deliveries, newest first, times in {zone.replace(/_/g, ' ')}</caption>
                <thead>
                  <tr>
                    <th scope="col">Sent</th>
                    <th scope="col">Event</th>
                    <th scope="col">Delivery id</th>
                    <th scope="col">Answer</th>
                    <th scope="col">Retries</th>
                  </tr>
                </thead>
                <tbody>
                  {log.data.deliveries.map((d) => (
                    <tr key={d.id}>
                      <td>
                        {formatDateTime(d.sent, zone)} {zoneLabel(d.sent, zone)}
                      </td>
                      <td>{d.type}</td>
                      <td>
                        <code>{d.id}</code>
                      </td>
                      <td>{answerOf(d)}</td>
                      <td>{d.attempt - 1}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}
