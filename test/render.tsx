import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-router';
import { onTestFinished } from 'vitest';
import { createAppContext } from '@/app/create-app';
import { AppProviders } from '@/app/provider';
import { createTestRouter } from '@/app/router';
import type { SsoResult } from '@telehealth/client/users/schemas';
import { db } from '@telehealth/mock/db';
import { issuePair, pairBody } from '@telehealth/mock/lib/auth';
import { findUserByCode, publicUser } from '@telehealth/mock/lib/users';

/** Seeded personas by SSO code (packages/mock/src/seed/personas.ts). */
export type PersonaCode = 'demo-patient' | 'demo-patient-2' | 'demo-provider' | 'demo-nurse' | 'demo-admin';

/** Issues a real session for a seeded persona, as the mock's SSO would. */
export function sessionFor(code: PersonaCode): SsoResult {
  const user = findUserByCode(code);
  if (!user) throw new Error(`No seeded user with code ${code}`);
  const pair = issuePair(user.id);
  return { ...(publicUser(user) as SsoResult), id: user.id, type: user.type, token: pairBody(pair) };
}

export interface RenderRouteOptions {
  /** Sign in as this persona first; null renders signed out. */
  as?: PersonaCode | null;
  userEventOptions?: Parameters<typeof userEvent.setup>[0];
}

/**
 * Mounts the real router in memory at `path`, with a fresh query client, session and all
 * providers, signed in as a persona (or signed out).
 */
export function renderRoute(path: string, { as = null, userEventOptions }: RenderRouteOptions = {}) {
  const context = createAppContext(window.sessionStorage);
  // Stores of earlier tests must not answer this one's cross-tab messages (hand-offs, sign-outs).
  onTestFinished(() => context.session.dispose());
  if (as) context.session.signIn(sessionFor(as));
  const router = createTestRouter(context, [path]);
  const user = userEvent.setup(userEventOptions);
  const utils = render(
    <AppProviders queryClient={context.queryClient} session={context.session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, user, router, ...context, db };
}
