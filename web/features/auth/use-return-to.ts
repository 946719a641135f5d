import { useSearchParams } from 'react-router';
import { safeReturnPath } from '../../../common/account-rules.ts';

/** The page to go back to after signing in: ?returnTo= when it is a path on this site, else /. */
export function useReturnTo(): string {
  const [searchParams] = useSearchParams();
  return safeReturnPath(searchParams.get('returnTo'));
}
