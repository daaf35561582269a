import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { User } from '@telehealth/client/users/schemas';
import { paths } from '@/config/paths';

/**
 * E-prescribing needs gender, address, phone and date of birth (SSO rule 4 of the spec). Returns
 * what the profile lacks, in words.
 */
export function missingForPrescriptions(user: User): string[] {
  const missing: string[] = [];
  if (user.gender === null || user.gender === undefined || user.gender === '') missing.push(t`gender`);
  if (!user.street_addr || !user.city || !user.state || !user.zip) missing.push(t`home address`);
  if (!user.phone) missing.push(t`phone number`);
  if (!user.dob) missing.push(t`date of birth`);
  return missing;
}

function list(words: string[]): string {
  if (words.length <= 1) return words.join('');
  const start = words.slice(0, -1).join(', ');
  const last = words[words.length - 1] ?? '';
  return t`${start} and ${last}`;
}

/** Says what is missing for prescriptions and links to the profile; nothing when all is there. */
export function DemographicsNotice({ user }: { user: User }) {
  const missing = missingForPrescriptions(user);
  if (missing.length === 0) return null;
  const details = list(missing);
  return (
    <div className="banner banner-warning" role="note">
      <p>
        <Trans>
          To send prescriptions to a pharmacy, the clinic needs your {details}.{' '}
          <Link to={paths.patient.profile()}>Add them on your profile</Link>.
        </Trans>
      </p>
    </div>
  );
}
