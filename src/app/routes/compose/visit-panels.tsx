import { displayName } from '@/api/users/display-name';
import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@/api/users/queries';
import { VISIT_STATUS, VISIT_SUBTYPE, type Visit } from '@/api/visits/schemas';
import { MessageThread, ThreadErrorBoundary } from '@/features/messages';
import { useSession } from '@/lib/session';

/**
 * Panels other features add to a visit page (the e-consult message thread, for one). The visit
 * page renders this; features fill it in here so they never import each other.
 */
export function VisitExtraPanels({ visit }: { visit: Visit; viewer: 'patient' | 'provider' }) {
  const session = useSession();
  const me = useQuery(userQueries.me());
  if (visit.subtype !== VISIT_SUBTYPE.econsult || session.status === 'signed-out') return null;
  const selfName = displayName(me.data, 'You');
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
      />
    </ThreadErrorBoundary>
  );
}
