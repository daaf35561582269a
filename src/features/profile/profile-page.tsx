import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { userQueries } from '@/api/users/queries';
import { QueryState } from '@/components/feedback/query-state';
import { Page } from '@/components/layout/page';
import { AvatarSection } from './avatar-section';
import { PasswordForm } from './password-form';
import { ProfileDetailsForm } from './profile-details-form';

/** Whose profile page this is: staff (providers) see no fields that only concern patients. */
export type ProfileAudience = 'patient' | 'staff';

/**
 * The signed-in user's profile (GET /me, POST /me): avatar, details, time zone and password.
 * `extraPanels` is where other features add sections (composed by the route module).
 */
export function ProfilePage({
  extraPanels,
  audience = 'patient',
}: {
  extraPanels?: ReactNode;
  audience?: ProfileAudience;
}) {
  const me = useQuery(userQueries.me());
  return (
    <Page title={t`Your profile`}>
      <QueryState
        query={me}
        label={t`Loading your profile…`}
        errorTitle={t`Your profile could not be loaded`}
      >
        {(profile) => (
          <div className="profile-sections">
            <AvatarSection profile={profile} />
            {/* Keyed by user: a different profile never inherits what was typed for another. */}
            <ProfileDetailsForm key={profile.id} profile={profile} audience={audience} />
            <PasswordForm />
            {extraPanels}
          </div>
        )}
      </QueryState>
    </Page>
  );
}
