import { useState } from 'react';
import { isApiError } from '@/api/errors';
import { uploadFile } from '@/api/files/requests';
import { useUpdateProfile } from '@/api/users/mutations';
import type { Profile } from '@/api/users/schemas';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { FileUploader, IMAGE_ACCEPT } from '@/components/upload';
import { safeResourceUrl } from '@/lib/safe-url';

/** Avatars are small pictures; a tighter cap than documents keeps uploads quick on a phone. */
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

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
      setError(isApiError(e) ? e.userMessage : 'The photo could not be removed. Please try again.');
    }
  });

  return (
    <section className="card avatar-section" aria-labelledby="avatar-title">
      <h2 id="avatar-title">Profile photo</h2>
      <FormError message={error} />
      <div className="avatar-row">
        {photo ? (
          <img
            className="avatar avatar-large"
            src={photo}
            alt="Your current profile photo"
            width={96}
            height={96}
          />
        ) : (
          <span className="avatar avatar-large avatar-initials" role="img" aria-label="No profile photo yet">
            {initialsOf(profile)}
          </span>
        )}
        {photo ? (
          <Button
            variant="secondary"
            isBusy={removal.isBusy}
            busyLabel="Removing…"
            disabled={update.isPending}
            onClick={() => void removal.run()}
          >
            Remove photo
          </Button>
        ) : null}
      </div>
      <FileUploader
        key={uploaderKey}
        label={photo ? 'Replace your photo' : 'Upload a photo'}
        hint="A clear picture of your face helps your care team recognise you."
        accept={IMAGE_ACCEPT}
        maxBytes={AVATAR_MAX_BYTES}
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
