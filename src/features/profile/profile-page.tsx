import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { userQueries } from '@/api/users/queries';
import { QueryState } from '@/components/feedback/query-state';
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
      <QueryState query={me} label="Loading your profile…" errorTitle="Your profile could not be loaded">
        {(profile) => (
          <div className="profile-sections">
            <AvatarSection profile={profile} />
            {/* Keyed by user: a different profile never inherits what was typed for another. */}
            <ProfileDetailsForm key={profile.id} profile={profile} />
            <PasswordForm />
            {extraPanels}
          </div>
        )}
      </QueryState>
    </Page>
  );
}
