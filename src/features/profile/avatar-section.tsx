import './profile-fields.css';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { isApiError } from '@telehealth/client/errors';
import { uploadFile } from '@telehealth/client/files/requests';
import { useUpdateProfile } from '@/api/users/mutations';
import type { Profile } from '@telehealth/client/users/schemas';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { FileUploader, IMAGE_ACCEPT, UPLOAD_MAX_BYTES } from '@/components/upload';
import { preparePhoto } from '@/lib/photos';
import { safeResourceUrl } from '@/lib/safe-url';

/**
 * Avatars are shown at most a few hundred pixels wide: a phone photo is made 1024 px on its longest
 * side (well under 1 MB) before it is sent. The photo as chosen may be as large as any upload
 * (25 MB); what is sent stays under the tighter cap that keeps uploads quick on a phone.
 */
const AVATAR_LIMITS = { maxSide: 1024, maxBytes: 1024 * 1024 };
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const prepareAvatar = (file: File, signal: AbortSignal) =>
  preparePhoto(file, { limits: AVATAR_LIMITS, signal });

function initialsOf(profile: Profile): string {
  const letters = [profile.first_name, profile.last_name].map((n) => n?.trim().charAt(0) ?? '').join('');
  return letters.toUpperCase() || '?';
}

/**
 * The profile photo: upload a `user_avatar` file, then POST /me photo=<file id>; remove with
 * photo=''. An upload only counts as done once the profile points at it.
 */
export function AvatarSection({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const [uploaderKey, setUploaderKey] = useState(0);
  const photo = safeResourceUrl(profile.photo);

  const removal = useSingleFlight(async () => {
    setError(null);
    try {
      await update.mutateAsync({ photo: '' });
      setUploaderKey((k) => k + 1);
    } catch (e) {
      setError(isApiError(e) ? e.userMessage : t`The photo could not be removed. Please try again.`);
    }
  });

  return (
    <section className="card avatar-section" aria-labelledby="avatar-title">
      <h2 id="avatar-title">
        <Trans>Profile photo</Trans>
      </h2>
      <FormError message={error} />
      <div className="avatar-row">
        {photo ? (
          <img
            className="avatar avatar-large"
            src={photo}
            alt={t`Your current profile photo`}
            width={96}
            height={96}
          />
        ) : (
          <span
            className="avatar avatar-large avatar-initials"
            role="img"
            aria-label={t`No profile photo yet`}
          >
            {initialsOf(profile)}
          </span>
        )}
        {photo ? (
          <Button
            variant="secondary"
            isBusy={removal.isBusy}
            busyLabel={t`Removing…`}
            disabled={update.isPending}
            onClick={() => void removal.run()}
          >
            <Trans>Remove photo</Trans>
          </Button>
        ) : null}
      </div>
      <FileUploader
        key={uploaderKey}
        label={photo ? t`Replace your photo` : t`Upload a photo`}
        hint={t`A clear picture of your face helps your care team recognise you.`}
        accept={IMAGE_ACCEPT}
        maxBytes={UPLOAD_MAX_BYTES}
        maxSentBytes={AVATAR_MAX_BYTES}
        prepare={prepareAvatar}
        multiple={false}
        upload={async (file, { onProgress, signal }) => {
          const record = await uploadFile(
            { file, category: 'user_avatar', title: 'Profile photo' },
            { onProgress, signal },
          );
          await update.mutateAsync({ photo: record.id });
          return record;
        }}
      />
    </section>
  );
}
