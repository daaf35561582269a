import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useSessionStore } from '@/lib/session';

const TokenSchema = z.object({
  token: z
    .string()
    .trim()
    .min(8, { error: () => t`Paste the whole token (at least 8 characters)` }),
});
type TokenForm = z.infer<typeof TokenSchema>;

/**
 * ADMIN pages run on the clinic admin API token, kept by the session store like the session itself
 * (memory and this tab's sessionStorage, wiped at sign-out). Without it (a new tab, a refused or
 * forgotten token) the page asks for it right here, so the address and
 * what it shows are kept; a refused token is told apart from the user's session ending. `what` is the
 * page's task as a translated message, the subject of "… needs the clinic admin API token".
 */
export function AdminTokenGate({ what, children }: { what: string; children: ReactNode }) {
  const store = useSessionStore();
  const { token, refused } = useAdminToken();
  if (token !== null) {
    return (
      <>
        <div className="admin-token-bar">
          <span>
            <Trans>Using the clinic admin token.</Trans>
          </span>{' '}
          <Button variant="link" onClick={() => store.setAdminToken(null)}>
            <Trans>Forget the token</Trans>
          </Button>
        </div>
        {children}
      </>
    );
  }
  return <AdminTokenForm what={what} refused={refused} />;
}

/** The admin token of this tab and whether the last one was refused, re-rendering when either changes. */
export function useAdminToken(): { token: string | null; refused: boolean } {
  const store = useSessionStore();
  const token = useSyncExternalStore(store.subscribe, () => store.getAdminToken());
  const refused = useSyncExternalStore(store.subscribe, () => store.wasAdminTokenRefused());
  return { token, refused };
}

/** The token form; sets the token in the session store, which swaps the page back in. */
export function AdminTokenForm({ what, refused = false }: { what: string; refused?: boolean }) {
  const store = useSessionStore();
  const form = useForm<TokenForm>({ resolver: zodResolver(TokenSchema), defaultValues: { token: '' } });
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refused) alertRef.current?.focus();
  }, [refused]);
  return (
    <FormProvider {...form}>
      <form
        className="card"
        noValidate
        aria-label={t`Clinic admin token`}
        onSubmit={(event) => void form.handleSubmit((values) => store.setAdminToken(values.token))(event)}
      >
        {refused ? (
          <div className="banner banner-warning" role="alert" tabIndex={-1} ref={alertRef}>
            <Trans>
              That token was refused. Check the clinic admin API token in the dashboard’s app settings and
              enter it again. You are still signed in.
            </Trans>
          </div>
        ) : null}
        <p role="status">
          <Trans>
            {what} needs the clinic admin API token from the dashboard’s app settings. This tab keeps it
            through a reload until you sign out or forget it; a new tab asks for it again.
          </Trans>
        </p>
        <TextField<TokenForm>
          name="token"
          label={t`Clinic admin API token`}
          type="password"
          autoComplete="off"
          required
        />
        <Button type="submit">
          <Trans>Use this token</Trans>
        </Button>
      </form>
    </FormProvider>
  );
}
