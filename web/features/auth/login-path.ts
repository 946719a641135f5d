/** A sign-in page's path, remembering where to come back to (the specification's "origin is remembered"). */
export function withReturnTo(path: string, returnTo: string): string {
  return returnTo === '/' ? path : `${path}?returnTo=${encodeURIComponent(returnTo)}`;
}

export const loginPath = (returnTo: string) => withReturnTo('/login', returnTo);
