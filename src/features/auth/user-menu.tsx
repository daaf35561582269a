import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { displayName } from '@telehealth/client/users/display-name';
import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@/api/users/queries';
import { useSingleFlight } from '@/components/form';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { useSignOut } from './use-sign-out';

export function UserMenu() {
  const { data: me } = useQuery(userQueries.me());
  const signOut = useSignOut();
  const signingOut = useSingleFlight(() => signOut());
  const name = displayName(me, '');
  return (
    <div className="user-menu">
      {me && name ? (
        <span className="user-name">
          <Avatar id={me.id} name={name} photo={me.photo} size={32} />
          <bdi>{name}</bdi>
        </span>
      ) : null}
      <Button
        variant="secondary"
        isBusy={signingOut.isBusy}
        busyLabel={t`Signing out…`}
        onClick={() => void signingOut.run()}
      >
        <Trans>Sign out</Trans>
      </Button>
    </div>
  );
}
