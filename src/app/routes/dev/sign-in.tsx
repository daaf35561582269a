import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { listPersonas, signInPersona } from '@telehealth/client/dev/requests';
import { QueryState } from '@/components/feedback/query-state';
import { ErrorState } from '@/components/feedback/status';
import { ClinicBrand } from '@/components/layout/branding';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { paths, safeInAppPath } from '@/config/paths';
import { useSessionStore } from '@/lib/session';

/**
 * Development sign-in: exists only with mocking on (or in browser-test builds). Choosing a
 * persona runs the mock's real SSO (POST /users/sso with the development key and secret, inside
 * the mock) and then the same /auth landing a real patient goes through.
 */
export function Component() {
  const navigate = useNavigate();
  const session = useSessionStore();
  const [params] = useSearchParams();
  const returnTo = safeInAppPath(params.get('returnTo'));
  const personas = useQuery({
    queryKey: ['dev', 'personas'],
    queryFn: ({ signal }) => listPersonas({ signal }),
  });
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const choose = async (key: string, role: string) => {
    setPending(key);
    setError(null);
    try {
      const { sso_token } = await signInPersona(key);
      if (role === 'admin' && personas.data?.admin_token) session.setAdminToken(personas.data.admin_token);
      await navigate(paths.auth(), { state: { ssoToken: sso_token, next: returnTo, oneTime: true } });
    } catch (e) {
      setError(e);
      setPending(null);
    }
  };

  return (
    <main id="main" className="shell-main narrow" tabIndex={-1}>
      <p>
        <ClinicBrand />
      </p>
      <Page title="Development sign-in">
        <p>Choose a demo persona. This page exists only when the portal runs on the mock backend.</p>
        {error ? <ErrorState error={error} title="Sign-in failed" /> : null}
        <QueryState query={personas} label="Loading personas…">
          {(list) => (
            <ul className="persona-list">
              {list.data.map((p) => (
                <li key={p.key} className="card">
                  <h2>{p.label}</h2>
                  <p>
                    <span className="tag">{p.role}</span> {p.description}
                  </p>
                  <Button
                    onClick={() => void choose(p.key, p.role)}
                    isBusy={pending === p.key}
                    disabled={pending !== null}
                    aria-label={`Sign in as ${p.label}`}
                  >
                    Sign in
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </Page>
    </main>
  );
}
