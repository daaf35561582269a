import { Link } from 'react-router';
import type { User } from '@/api/users/schemas';
import { paths } from '@/config/paths';

/**
 * E-prescribing needs gender, address, phone and date of birth (SSO rule 4 of the spec). Returns
 * what the profile lacks, in words.
 */
export function missingForPrescriptions(user: User): string[] {
  const missing: string[] = [];
  if (user.gender === null || user.gender === undefined || user.gender === '') missing.push('gender');
  if (!user.street_addr || !user.city || !user.state || !user.zip) missing.push('home address');
  if (!user.phone) missing.push('phone number');
  if (!user.dob) missing.push('date of birth');
  return missing;
}

function list(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] ?? ''}`;
}

/** Says what is missing for prescriptions and links to the profile; nothing when all is there. */
export function DemographicsNotice({ user }: { user: User }) {
  const missing = missingForPrescriptions(user);
  if (missing.length === 0) return null;
  return (
    <div className="banner banner-warning" role="note">
      <p>
        {`To send prescriptions to a pharmacy, the clinic needs your ${list(missing)}. `}
        <Link to={paths.patient.profile()}>Add them on your profile</Link>.
      </p>
    </div>
  );
}
