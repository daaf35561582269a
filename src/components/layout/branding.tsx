import { useQuery } from '@tanstack/react-query';
import { accountQueries } from '@/api/accounts/queries';
import { env } from '@/config/env';
import { safeResourceUrl } from '@/lib/safe-url';

/** The clinic's account record (portal title, logo), shared by every page. */
export function useClinic() {
  return useQuery(accountQueries.detail(env.VITE_ACCOUNT_CODE));
}

export function ClinicBrand() {
  const { data } = useClinic();
  const title = data?.portal_title || data?.name || 'Clinic portal';
  const logo = safeResourceUrl(data?.files?.find((f) => f.code === 'logo')?.path);
  return (
    <span className="brand">
      {logo ? <img src={logo} alt="" className="brand-logo" width={32} height={32} /> : null}
      <span className="brand-title">{title}</span>
    </span>
  );
}
