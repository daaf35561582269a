/**
 * An integrator's server signing a patient in to the portal: it creates the patient through SSO
 * (or finds them: a later call with the same `code` returns the same user) with the clinic's key and
 * secret, and builds the portal's `/auth` link, which signs them in once and opens `next`.
 *
 *   API_BASE_URL=http://127.0.0.1:8787/api_v3 ACCOUNT_CODE=demo API_KEY=demo-api-key \
 *   API_SECRET=demo-api-secret PORTAL_URL=http://127.0.0.1:5173 \
 *   node --import tsx examples/sso-link.ts partner-patient-42 Ada Lovelace
 *
 * The secret stays on the server: `connectServer` refuses it in a browser.
 */
import { authLink, connectServer } from '@telehealth/client';

export interface SsoLinkOptions {
  apiBaseUrl: string;
  accountCode: string;
  apiKey: string;
  apiSecret: string;
  portalUrl: string;
  /** Your own id for the patient: the same code always finds the same user. */
  code: string;
  firstName: string;
  lastName: string;
  next?: string;
}

/** The patient's id on the platform and a one-time sign-in link to the portal. */
export async function ssoLink(options: SsoLinkOptions): Promise<{ userId: string; link: string }> {
  const client = connectServer({
    apiBaseUrl: options.apiBaseUrl,
    accountCode: options.accountCode,
    apiKey: options.apiKey,
    apiSecret: options.apiSecret,
  });
  const user = await client.ssoUser({
    type: 200,
    code: options.code,
    first_name: options.firstName,
    last_name: options.lastName,
  });
  const link = authLink(options.portalUrl, user.token.token, { next: options.next ?? '/patient' });
  return { userId: String(user.id), link };
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  const [code = 'partner-patient-1', firstName = 'Ada', lastName = 'Lovelace'] = process.argv.slice(2);
  ssoLink({
    apiBaseUrl: process.env.API_BASE_URL ?? 'http://127.0.0.1:8787/api_v3',
    accountCode: process.env.ACCOUNT_CODE ?? 'demo',
    apiKey: process.env.API_KEY ?? '',
    apiSecret: process.env.API_SECRET ?? '',
    portalUrl: process.env.PORTAL_URL ?? 'http://127.0.0.1:5173',
    code,
    firstName,
    lastName,
  }).then(
    ({ userId, link }) => console.log(`User ${userId}: ${link}`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    },
  );
}
