import { UsersPage } from '@/features/admin';

export function Component() {
  return <UsersPage />;
}
