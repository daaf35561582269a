import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { roomQueries } from '@/api/rooms/queries';
import type { RoomProvider } from '@telehealth/client/rooms/schemas';
import { QueryError } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { providerName, ProviderPhoto } from './provider-photo';

/** A provider's detail (bio, training, interests) over the room page. */
export function ProviderDialog({
  roomCode,
  provider,
  onClose,
}: {
  roomCode: string;
  provider: RoomProvider;
  onClose: () => void;
}) {
  const detail = useQuery(roomQueries.provider(roomCode, provider.id));
  const data = detail.data;
  return (
    <Dialog title={providerName(provider)} onClose={onClose}>
      <div className="provider-detail">
        <ProviderPhoto provider={data ?? provider} large />
        {detail.isPending ? <Spinner label={t`Loading profile…`} /> : null}
        <QueryError query={detail} title={t`We couldn’t load this profile`} />
        {data ? (
          <dl className="detail-list">
            {data.short_bio ? (
              <Entry term={t({ message: 'About', context: "heading of a provider's short biography" })}>
                {data.short_bio}
              </Entry>
            ) : null}
            {data.educational_training ? (
              <Entry term={t`Education and training`}>{data.educational_training}</Entry>
            ) : null}
            {data.professional_interests ? (
              <Entry term={t`Professional interests`}>{data.professional_interests}</Entry>
            ) : null}
            {data.personal_interests ? (
              <Entry term={t`Personal interests`}>{data.personal_interests}</Entry>
            ) : null}
          </dl>
        ) : null}
      </div>
      <Button variant="secondary" onClick={onClose}>
        <Trans context="button: closes the dialog">Close</Trans>
      </Button>
    </Dialog>
  );
}

function Entry({ term, children }: { term: string; children: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd className="wrap-anywhere">{children}</dd>
    </>
  );
}
