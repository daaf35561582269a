import { useParams } from 'react-router';
import { UserPage } from '@/features/admin';

export function Component() {
  const { userId = '' } = useParams();
  return <UserPage key={userId} userId={userId} />;
}
