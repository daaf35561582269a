import { RoomsPage } from '@/features/admin';

export function Component() {
  return <RoomsPage />;
}
