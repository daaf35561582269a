import '@/lib/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { envProblem } from '@/config/env';
import { captureSsoLanding } from '@/features/auth';
import { activateLanguage, initialLanguage } from '@/lib/i18n';
import { installDefaultTrustedTypesPolicy } from '@/lib/trusted-types';
import { createAppContext } from './app/create-app';
import { AppProviders } from './app/provider';
import { createAppRouter } from './app/router';
import './styles.css';

// Before anything else: take an SSO token out of the address bar and history.
captureSsoLanding();
// Before any library loads a script: the only string-to-script-URL path (Trusted Types).
installDefaultTrustedTypesPolicy();

async function boot() {
  if (envProblem) throw new Error(envProblem);
  // Compared against the build-time constant so production builds drop the mock entirely.
  if (import.meta.env.VITE_API_MOCKING === 'on') {
    const [{ startMockWorker }, { reportMockNotice }] = await Promise.all([
      import('@telehealth/mock/browser'),
      import('./app/routes/dev/mock-notice'),
    ]);
    await startMockWorker({ onStorageProblem: reportMockNotice });
  }
  // The page's language before its first paint (a catalogue loads only for a language other than English).
  await activateLanguage(initialLanguage());
  const context = createAppContext();
  const router = createAppRouter(context);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={context.queryClient} session={context.session}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  // Production builds: the service worker (offline page, update offer) once the page has loaded.
  if (import.meta.env.PORTAL_PWA === 'on' && 'serviceWorker' in navigator) {
    const register = () =>
      void import('./pwa/register').then((pwa) => pwa.registerPortalWorker()).catch(() => {});
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}

boot().catch((error: unknown) => {
  const root = document.getElementById('root');
  if (root) {
    const p = document.createElement('p');
    p.setAttribute('role', 'alert');
    p.style.whiteSpace = 'pre-line';
    // textContent: the message is shown as text, never parsed as markup.
    p.textContent = error instanceof Error ? error.message : 'The portal could not start.';
    root.replaceChildren(p);
  }
});
