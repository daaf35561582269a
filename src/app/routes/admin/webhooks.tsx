import { WebhooksPage } from '@/features/admin';

export function Component() {
  return <WebhooksPage />;
}
