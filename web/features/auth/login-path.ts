/** /login, remembering where to come back to (the specification's "origin is remembered"). */
export function loginPath(returnTo: string): string {
  return returnTo === '/' ? '/login' : `/login?returnTo=${encodeURIComponent(returnTo)}`;
}
