/**
 * The cookies a browser would hold across several responses: each Set-Cookie replaces the cookie of
 * its name, and an empty value or `Max-Age=0` removes it. For flows that span requests (OAuth
 * redirects, the two-factor step).
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes in the Set-Cookie headers of a response. */
  store(setCookie: string | string[] | undefined): this {
    const headers = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    for (const header of headers) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const expired = attributes.some((attribute) => /^max-age=(0|-\d+)$/i.test(attribute));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  /** The Cookie request header. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
