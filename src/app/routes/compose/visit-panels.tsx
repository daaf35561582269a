import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { displayName } from '@telehealth/client/users/display-name';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { userQueries } from '@/api/users/queries';
import { PanelBoundary } from '@/components/feedback/panel-boundary';
import { VISIT_STATUS, VISIT_SUBTYPE, visitIntakeId, type Visit } from '@telehealth/client/visits/schemas';
import { Spinner } from '@/components/feedback/status';
import { MessageThread, ThreadErrorBoundary } from '@/features/messages';
import { useSession } from '@/lib/session';
import { CUSTOM_FIELDS, customValue } from '@/wizard';

// The side panels load after the page (their code is not part of the visit page's first load); the
// e-consult thread, usually the reason for the visit, comes with the page.
const InsurancePanel = lazy(() =>
  import('@/features/insurance').then((m) => ({ default: m.InsurancePanel })),
);
const ReceiptPanel = lazy(() => import('@/features/payments').then((m) => ({ default: m.ReceiptPanel })));
const VisitPharmacyPanel = lazy(() =>
  import('@/features/pharmacy').then((m) => ({ default: m.VisitPharmacyPanel })),
);

/**
 * Panels other features add to a visit page (the e-consult message thread; the patient's insurance
 * for providers; the pharmacy chosen for the visit). The visit
 * page renders this; features fill it in here so they never import each other.
 */
export function VisitExtraPanels({ visit, viewer }: { visit: Visit; viewer: 'patient' | 'provider' }) {
  const intakeId = visitIntakeId(visit);
  // Billing prices an intake by its chosen consultation. An embedded intake without one has nothing
  // to show, so it is not asked (the server would refuse with a 400 the browser logs); an intake
  // known only by id is asked, and the panel stays empty on that answer.
  const isPriced = !visit.intake || customValue(visit.intake, CUSTOM_FIELDS.consultationId) !== undefined;
  // Each panel fails alone (one boundary each); a panel for a feature not built yet is absent.
  return (
    <>
      {intakeId && isPriced ? (
        <PanelBoundary title={t`The payment`}>
          <Suspense fallback={<Spinner label={t`Loading the payment…`} />}>
            <ReceiptPanel intakeId={intakeId} viewer={viewer} />
          </Suspense>
        </PanelBoundary>
      ) : null}
      {visit.intake ? (
        <PanelBoundary title={t`The pharmacy for this visit`}>
          <Suspense fallback={<Spinner label={t`Loading the pharmacy…`} />}>
            <VisitPharmacyPanel intake={visit.intake} />
          </Suspense>
        </PanelBoundary>
      ) : null}
      {viewer === 'provider' && visit.member_id ? (
        <PanelBoundary title={t`The patient’s insurance`}>
          <VisitInsurance patientId={visit.member_id} />
        </PanelBoundary>
      ) : null}
      <EconsultThread visit={visit} viewer={viewer} />
    </>
  );
}

/** The patient's insurance cards and latest coverage check, read-only, on the provider's visit page. */
function VisitInsurance({ patientId }: { patientId: string }) {
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Patient insurance</Trans>
      </h2>
      <Suspense fallback={<Spinner label={t`Loading insurance…`} />}>
        <InsurancePanel userId={patientId} canEdit={false} />
      </Suspense>
    </section>
  );
}

function EconsultThread({ visit, viewer }: { visit: Visit; viewer: 'patient' | 'provider' }) {
  const session = useSession();
  const me = useQuery(userQueries.me());
  if (visit.subtype !== VISIT_SUBTYPE.econsult || session.status === 'signed-out') return null;
  const selfName = displayName(
    me.data,
    t({ message: 'You', context: 'the viewer, as the author of messages' }),
  );
  // A completed or cancelled e-consult is closed for new messages (spec section 3); the server's
  // 409 is the final word for any other visit.
  const isClosed = visit.status === VISIT_STATUS.completed || visit.status === VISIT_STATUS.cancelled;
  return (
    <ThreadErrorBoundary>
      <MessageThread
        key={visit.id}
        visitId={visit.id}
        selfId={session.tokens.userId}
        selfName={selfName}
        isClosed={isClosed}
        alertOnReply={viewer === 'patient'}
      />
    </ThreadErrorBoundary>
  );
}
