import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { userQueries } from '@/api/users/queries';
import { ErrorState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { AvatarSection } from './avatar-section';
import { PasswordForm } from './password-form';
import { ProfileDetailsForm } from './profile-details-form';

/**
 * The signed-in user's profile (GET /me, POST /me): avatar, details, time zone and password.
 * `extraPanels` is where other features add sections (composed by the route module).
 */
export function ProfilePage({ extraPanels }: { extraPanels?: ReactNode }) {
  const me = useQuery(userQueries.me());
  return (
    <Page title="Your profile">
      {me.isPending ? <Spinner label="Loading your profile…" /> : null}
      {me.isError ? (
        <ErrorState
          error={me.error}
          title="Your profile could not be loaded"
          onRetry={() => void me.refetch()}
        />
      ) : null}
      {me.data ? (
        <div className="profile-sections">
          <AvatarSection profile={me.data} />
          {/* Keyed by user: a different profile never inherits what was typed for another. */}
          <ProfileDetailsForm key={me.data.id} profile={me.data} />
          <PasswordForm />
          {extraPanels}
        </div>
      ) : null}
    </Page>
  );
}
