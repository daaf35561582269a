import { RecordingsPage } from '@/features/admin';

export function Component() {
  return <RecordingsPage />;
}
