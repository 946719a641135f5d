const signInPage = /^\/(login|register|phoneLogin)$/;

/**
 * A sign-in page's path, remembering where to come back to (the specification's "origin is remembered").
 * Going from one sign-in page to another keeps the first one's place to come back to.
 */
export function withReturnTo(path: string, returnTo: string): string {
  const from = new URL(returnTo, 'http://shop.invalid');
  const comeBackTo = signInPage.test(from.pathname) ? (from.searchParams.get('returnTo') ?? '/') : returnTo;
  return comeBackTo === '/' ? path : `${path}?returnTo=${encodeURIComponent(comeBackTo)}`;
}

export const loginPath = (returnTo: string) => withReturnTo('/login', returnTo);
