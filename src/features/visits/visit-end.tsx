import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { fileQueries } from '@/api/files/queries';
import type { FileRecord } from '@telehealth/client/files/schemas';
import { roomQueries } from '@/api/rooms/queries';
import type { Room } from '@telehealth/client/rooms/schemas';
import { roomVisitKinds } from '@telehealth/client/rooms/visit-settings';
import { VISIT_STATUS, type Visit } from '@telehealth/client/visits/schemas';
import { QueryState } from '@/components/feedback/query-state';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { fileActionMessage, fileTitleOf, openFileInNewTab } from '@/components/upload';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { useDocumentVisible } from './use-document-visible';

/**
 * The address fragment that asks the visit page for its survey (`/patient/visits/{id}#survey`): the
 * survey notification links there. It names a section of the page, never anything about the patient.
 */
export const VISIT_SURVEY_HASH = '#survey';

/** While a completed visit has no summary yet, its page asks again this often (visible tabs only). */
export const SUMMARY_POLL_MS = 60_000;

/** What the visit end gives the survey it shows: the ref of the survey's heading, focused when asked. */
export interface VisitSurveySlot {
  headingRef: (element: HTMLHeadingElement | null) => void;
}

/**
 * The end of a completed visit, below its status: the visit summary the provider attached to the
 * visit (opened from its bytes), the clinic's survey about the visit (given by the app, since the
 * survey belongs to another feature), and a follow-up appointment in the same room. Arriving with
 * `#survey` (the survey notification) moves focus to the survey's heading once it is on screen.
 */
export function VisitEnd({ visit, survey }: { visit: Visit; survey?: (slot: VisitSurveySlot) => ReactNode }) {
  const location = useLocation();
  const [surveyHeading, setSurveyHeading] = useState<HTMLHeadingElement | null>(null);
  const [focusedFor, setFocusedFor] = useState<string | null>(null);
  const isAsked = location.hash === VISIT_SURVEY_HASH;

  useEffect(() => {
    if (!isAsked || !surveyHeading || focusedFor === location.key) return;
    // After the page's own move of focus to its title (a parent's effect runs after this one).
    const timer = setTimeout(() => {
      surveyHeading.focus();
      setFocusedFor(location.key);
    }, 0);
    return () => clearTimeout(timer);
  }, [isAsked, surveyHeading, focusedFor, location.key]);

  if (visit.status !== VISIT_STATUS.completed) return null;
  return (
    <div className="visit-end">
      <VisitSummary visit={visit} />
      {survey ? survey({ headingRef: setSurveyHeading }) : null}
      <FollowUp roomCode={visit.room_code ?? null} />
    </div>
  );
}

/** Documents on the visit that the care team added (not the patient's own uploads), newest first. */
function summariesOf(files: FileRecord[], patientId: string | null | undefined): FileRecord[] {
  return files
    .filter((file) => !patientId || file.creator?.id !== patientId)
    .sort((a, b) => (b.created ?? 0) - (a.created ?? 0));
}

/**
 * The visit summary: a document the provider attached to this visit (`user_document` on the visit,
 * files API). None yet: the page says it will appear, and asks again now and then while visible.
 */
function VisitSummary({ visit }: { visit: Visit }) {
  const headingId = useId();
  const visible = useDocumentVisible();
  const files = useQuery({
    ...fileQueries.list({ target_id: visit.id, target_type: 'visit', category_type: 'user_document' }),
    refetchInterval: (query) =>
      visible && query.state.data && summariesOf(query.state.data, visit.member_id).length === 0
        ? SUMMARY_POLL_MS
        : false,
  });
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Your visit summary</Trans>
      </h2>
      <QueryState
        query={files}
        label={t`Looking for your visit summary…`}
        errorTitle={t`We couldn’t check for your visit summary`}
      >
        {(data) => {
          const summary = summariesOf(data, visit.member_id)[0];
          return summary ? (
            <SummaryFile file={summary} />
          ) : (
            <p>
              <Trans>Your provider has not added a summary yet. It will appear here.</Trans>
            </p>
          );
        }}
      </QueryState>
    </section>
  );
}

function SummaryFile({ file }: { file: FileRecord }) {
  const zone = useViewerTimeZone();
  const [error, setError] = useState<string | null>(null);
  const opening = useSingleFlight(async () => {
    setError(null);
    try {
      // The bytes are read at the press through the API; the time-limited link never sits in the page.
      await openFileInNewTab(file);
    } catch (cause) {
      setError(fileActionMessage(cause));
    }
  });
  const by = file.creator?.full_name?.trim();
  const title = <bdi>{fileTitleOf(file)}</bdi>;
  const date = typeof file.created === 'number' ? formatDate(file.created, zone) : null;
  return (
    <>
      <p>
        {by ? (
          date ? (
            <Trans>
              {title} from <bdi>{by}</bdi>, added {date}.
            </Trans>
          ) : (
            <Trans>
              {title} from <bdi>{by}</bdi>.
            </Trans>
          )
        ) : date ? (
          <Trans>
            {title}, added {date}.
          </Trans>
        ) : (
          <Trans>{title}.</Trans>
        )}
      </p>
      {error ? <p role="alert">{error}</p> : null}
      <Button onClick={() => void opening.run()} isBusy={opening.isBusy} busyLabel={t`Opening…`}>
        <Trans>Open your visit summary</Trans>
      </Button>
    </>
  );
}

/** A follow-up appointment in the visit's room, named by the room's name (never its code). */
function FollowUp({ roomCode }: { roomCode: string | null }) {
  const headingId = useId();
  const room = useQuery({ ...roomQueries.detail(roomCode ?? ''), enabled: Boolean(roomCode) });
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Book a follow-up</Trans>
      </h2>
      {roomCode ? (
        <QueryState
          query={room}
          label={t`Loading the room…`}
          errorTitle={t`We couldn’t load the room of this visit`}
        >
          {(data) => <FollowUpLink room={data} />}
        </QueryState>
      ) : (
        <p>
          <Trans>
            If you need to see a clinician again, <Link to={paths.patient.rooms()}>choose a room</Link> to
            book a visit.
          </Trans>
        </p>
      )}
    </section>
  );
}

function FollowUpLink({ room }: { room: Room }) {
  const name = room.name?.trim() || t`this room`;
  if (roomVisitKinds(room, false).includes('appointment')) {
    return (
      <>
        <p>
          <Trans>
            Need to see a clinician again about this? Book an appointment in <bdi>{name}</bdi>.
          </Trans>
        </p>
        <p>
          <Link className="btn btn-primary" to={paths.patient.intakeStart(room.code, 'appointment')}>
            <Trans>Book a follow-up</Trans>
          </Link>
        </p>
      </>
    );
  }
  // The room takes no appointments (an e-consult room, say): its page shows what it does offer.
  return (
    <p>
      <Trans>
        <bdi>{name}</bdi> does not book appointments online.{' '}
        <Link to={paths.patient.room(room.code)}>See how to follow up with {name}</Link>.
      </Trans>
    </p>
  );
}
