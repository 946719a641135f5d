import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { safeReturnPath } from '../../../common/account-rules.ts';
import { useSession } from './api/session-queries.ts';

/**
 * Where a person who opens a sign-in page while already signed in goes instead of its form: on to the
 * page they were going to (`?returnTo=`), else their dashboard; null for everyone else.
 * It is decided once, when the session is first known: signing in on the page itself changes the
 * session too, and then the page sends the person on where it should (to `returnTo`, else home).
 */
export function useAlreadySignedIn(): string | null {
  const session = useSession();
  const [searchParams] = useSearchParams();
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean | null>(null);
  if (arrivedSignedIn === null && !session.isPending) setArrivedSignedIn(Boolean(session.data));
  if (!arrivedSignedIn) return null;
  const returnTo = safeReturnPath(searchParams.get('returnTo'));
  return returnTo === '/' ? '/dashboard' : returnTo;
}
