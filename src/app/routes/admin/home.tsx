import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useSession, useSessionStore } from '@/lib/session';

const AdminTokenSchema = z.object({
  token: z.string().trim().min(8, 'Paste the whole token (at least 8 characters)'),
});
type AdminTokenForm = z.infer<typeof AdminTokenSchema>;

/**
 * ADMIN endpoints take the clinic admin API token, not a user session (spec section 5). It is
 * kept in memory for this tab only and forgotten at sign-out.
 */
export function Component() {
  const store = useSessionStore();
  useSession();
  const hasToken = store.getAdminToken() !== null;
  const form = useForm<AdminTokenForm>({
    resolver: zodResolver(AdminTokenSchema),
    defaultValues: { token: '' },
  });
  return (
    <Page title="Clinic administration">
      {hasToken ? (
        <div className="card">
          <p role="status">The clinic admin API token is set for this tab.</p>
          <Button variant="secondary" onClick={() => store.setAdminToken(null)}>
            Forget the token
          </Button>
        </div>
      ) : (
        <FormProvider {...form}>
          <form
            className="card"
            noValidate
            onSubmit={(event) =>
              void form.handleSubmit((values) => {
                store.setAdminToken(values.token);
                form.reset({ token: '' });
              })(event)
            }
          >
            <p>
              Administration uses the clinic admin API token from the dashboard’s app settings. It stays in
              this tab’s memory only and is forgotten when you sign out or close the tab.
            </p>
            <TextField<AdminTokenForm>
              name="token"
              label="Clinic admin API token"
              type="password"
              autoComplete="off"
              required
            />
            <Button type="submit">Use this token</Button>
          </form>
        </FormProvider>
      )}
    </Page>
  );
}
