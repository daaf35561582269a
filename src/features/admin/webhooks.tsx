import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@telehealth/client/errors';
import { webhookQueries } from '@/api/webhooks/queries';
import { sendWebhookTest } from '@telehealth/client/webhooks/requests';
import type { WebhookDelivery, WebhookEnvelope } from '@telehealth/client/webhooks/schemas';
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

/** The event types as the platform spells them: names for the receiving code, never translated. */
const visitCreated = 'visit.created';
const messageCreated = 'visit.message.created';

/** The clinic's webhook contract (spec 6) in plain words, and a test delivery (POST /webhooks/events). */
export function WebhooksPage() {
  return (
    <Page title={t`Webhooks`}>
      <div className="card">
        <h2>
          <Trans>What the clinic’s integration receives</Trans>
        </h2>
        <p>
          <Trans>
            When something happens in the clinic, an event is sent as a JSON POST to the webhook address set
            in the clinic’s admin settings. Each event has a <code>type</code>, a delivery <code>id</code>,
            the time it was <code>created</code>, the clinic’s <code>account_code</code>, a{' '}
            <code>version</code> and its <code>data</code>.
          </Trans>
        </p>
        <ul>
          <li>
            <Trans>
              <code className="wrap-anywhere">{visitCreated}</code>: a visit was created (its id, patient,
              provider, times and status).
            </Trans>
          </li>
          <li>
            <Trans>
              <code className="wrap-anywhere">{messageCreated}</code>: a new message on a visit’s thread. It
              carries only pointers (visit id, message id, who wrote it, when), never the message itself.
            </Trans>
          </li>
        </ul>
        <h3>
          <Trans>How the receiving system should behave</Trans>
        </h3>
        <ul>
          <li>
            <Trans>Answer with any 2xx within 30 seconds, and do the work after answering.</Trans>
          </li>
          <li>
            <Trans>
              A delivery that is not acknowledged is tried up to 5 times, about a minute apart, so the same
              event can arrive more than once: skip a message id already seen (the delivery id changes on each
              try).
            </Trans>
          </li>
          <li>
            <Trans>Events can arrive out of order: order messages by their time.</Trans>
          </li>
          <li>
            <Trans>
              Deliveries carry no signature: keep the address secret or reachable only from the clinic
              platform’s network.
            </Trans>
          </li>
        </ul>
      </div>
      <AdminTokenGate what={t`Sending a test event`}>
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
  const reason = isApiError(send.error) ? send.error.userMessage : '';
  return (
    <section className="card" aria-labelledby="webhook-test">
      <h2 id="webhook-test">
        <Trans>Check the integration</Trans>
      </h2>
      <p>
        <Trans>
          Sends one test message event for this clinic to the webhook endpoint and shows the answer.
        </Trans>
      </p>
      <Button isBusy={send.isPending} busyLabel={t`Sending…`} onClick={() => send.mutate()}>
        <Trans>Send a test event</Trans>
      </Button>
      <div role="status" aria-live="polite">
        {send.isSuccess ? (
          <p>
            <Trans>The test event was acknowledged.</Trans>
          </p>
        ) : null}
      </div>
      {send.isError ? (
        <p className="form-error" role="alert">
          {isApiError(send.error) ? (
            <Trans>The test event was not accepted: {reason}</Trans>
          ) : (
            <Trans>The test event was not accepted: please try again.</Trans>
          )}
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
    return t`an address that is not a valid URL`;
  }
}

function answerOf(delivery: WebhookDelivery): string {
  const status = delivery.status;
  if (status === null) return t`No answer`;
  return status >= 200 && status < 300 ? t`${status} (acknowledged)` : t`${status} (not acknowledged)`;
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
  const zoneName = zone.replace(/_/g, ' ');
  const endpoint = log.data?.endpoint_url;
  const address = endpoint ? maskedAddress(endpoint) : null;
  return (
    <section className="card" aria-labelledby="webhook-deliveries">
      <h2 id="webhook-deliveries">
        <Trans>Endpoint and recent deliveries</Trans>
      </h2>
      {isShown || !offered ? null : (
        <Button onClick={() => void log.refetch()}>
          <Trans>Show recent deliveries</Trans>
        </Button>
      )}
      {isShown && log.isPending ? <Spinner label={t`Loading the deliveries…`} /> : null}
      <QueryError query={log} title={t`The deliveries could not be loaded`} />
      {log.data === null || !offered ? (
        <p>
          <Trans>
            The platform does not report the webhook address or its deliveries here. Both are in the clinic
            dashboard’s app settings.
          </Trans>
        </p>
      ) : null}
      {log.data ? (
        <>
          <p>
            {address ? (
              <Trans>Events are sent to {address} (the rest of the address is hidden).</Trans>
            ) : (
              <Trans>No webhook address is set for this clinic.</Trans>
            )}
          </p>
          {log.data.deliveries.length === 0 ? (
            <p>
              <Trans>No deliveries yet.</Trans>
            </p>
          ) : (
            <div
              className="table-scroll"
              tabIndex={0}
              role="region"
              aria-label={t`Recent deliveries (scrolls sideways)`}
            >
              <table>
                <caption>
                  <Trans>Recent deliveries, newest first, times in {zoneName}</Trans>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans context="column: when a delivery was sent">Sent</Trans>
                    </th>
                    <th scope="col">
                      <Trans context="column: the kind of webhook event">Event</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Delivery id</Trans>
                    </th>
                    <th scope="col">
                      <Trans context="column: the receiver's answer to a delivery">Answer</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Retries</Trans>
                    </th>
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
