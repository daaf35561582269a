import { useParams } from 'react-router';
import { RoomPage } from '@/features/admin';

export function Component() {
  const { code = '' } = useParams();
  return <RoomPage key={code} code={code} />;
}
