import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The sign-in page's way to the development sign-in (mock and test builds only). Developers' words,
 * in English and outside the catalogues: a build without the page carries neither it nor its words.
 */
export function DevSignInLink({ returnTo }: { returnTo?: string }) {
  return (
    <p>
      <Link to={paths.devSignIn(returnTo)}>Development sign-in (mock personas)</Link>
    </p>
  );
}
