import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@telehealth/client/errors';
import { userQueries } from '@/api/users/queries';
import { logout } from '@telehealth/client/users/requests';
import { Spinner } from '@/components/feedback/status';
import { paths } from '@/config/paths';
import {
  homeFor,
  exchangeOnce,
  landingNext,
  forgetCapturedLanding,
  readLanding,
  takeCapturedLanding,
  type SsoLanding,
} from '@/features/auth';
import { useSessionStore } from '@/lib/session';

/**
 * The SSO landing. main.tsx already took the token out of the address bar; here it becomes the
 * portal's session once (the server's JSON exchange where offered, otherwise the SSO token itself
 * as the access token, spec 4.1), then the user goes to `next` (if it is a path of ours) or to
 * their role's home.
 */
export function Component() {
  const session = useSessionStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const [landing] = useState<SsoLanding>(
    () => takeCapturedLanding() ?? landingFromState(location.state) ?? readLanding(params),
  );
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // In memory routers (tests) the token is still in the route's URL: drop it at once.
    if (params.has('sso_token')) void navigate(paths.auth(), { replace: true });
  }, [params, navigate]);

  useEffect(() => {
    const token = landing.ssoToken;
    if (!token) {
      void navigate(paths.linkInvalid(), { replace: true });
      return;
    }
    let active = true;
    exchangeOnce({ ...landing, ssoToken: token })
      .then(async ({ via, result }) => {
        forgetCapturedLanding();
        if (!active) return;
        queryClient.clear();
        session.signIn(result, { embedded: landing.embedded });
        // After the JSON exchange the link's token is a separate token, still in the navigation
        // timing entry: destroy it, so the link is dead at once, one_time_token=1 or not (spec:
        // logout destroys the tokens listed; it authenticates as itself, so only the user's own
        // token is ever named). On the spec's path the SSO token is the session itself: it is
        // destroyed at sign-out (docs/spec-decisions.md, one_time_token).
        if (via === 'exchange' && result.token.token !== token)
          void logout(token, [token]).catch(() => undefined);
        const profile = await queryClient.fetchQuery(userQueries.me());
        const next = landingNext(landing.next);
        await navigate(next ?? homeFor(profile), { replace: true });
      })
      .catch((error: unknown) => {
        forgetCapturedLanding();
        if (!active) return;
        if (
          isApiError(error) &&
          error.kind === 'http' &&
          (error.status === 400 || error.status === 401 || error.status === 404)
        ) {
          void navigate(paths.linkInvalid(), { replace: true });
        } else {
          setFailed(true);
        }
      });
    return () => {
      active = false;
    };
  }, [landing, navigate, queryClient, session]);

  return (
    <main id="main" className="shell-main narrow" tabIndex={-1}>
      <h1>
        <Trans>Signing you in</Trans>
      </h1>
      {failed ? (
        <div role="alert">
          <p>
            <Trans>
              We could not complete the sign-in. Check your connection, then open the link from your clinic
              again.
            </Trans>
          </p>
          <p>
            <Link to={paths.signIn()}>
              <Trans>Go to the sign-in page</Trans>
            </Link>
          </p>
        </div>
      ) : (
        <Spinner label={t`Signing you in…`} />
      )}
    </main>
  );
}

/** In-app hand-offs (the development sign-in page) pass the landing in history state, not the URL. */
function landingFromState(state: unknown): SsoLanding | null {
  if (typeof state !== 'object' || state === null || !('ssoToken' in state)) return null;
  const s = state as Partial<SsoLanding>;
  return typeof s.ssoToken === 'string'
    ? {
        ssoToken: s.ssoToken,
        next: s.next ?? null,
        oneTime: Boolean(s.oneTime),
        embedded: Boolean(s.embedded),
      }
    : null;
}
