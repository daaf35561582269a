import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LanguageProvider } from '@/lib/i18n/provider';
import { SessionProvider, type SessionStore } from '@/lib/session';

export function AppProviders({
  queryClient,
  session,
  children,
}: {
  queryClient: QueryClient;
  session: SessionStore;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={session}>
        <LanguageProvider>{children}</LanguageProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
