import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { securityHeaders } from './security.ts';

const headersFor = (env: NodeJS.ProcessEnv) => securityHeaders(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/joinery-security-test', ...env }, '/tmp/no-web-build'));

describe('securityHeaders', () => {
  it('on plain http: the policy, and neither HSTS nor an upgrade that would break every request', () => {
    const headers = headersFor({ PUBLIC_URL: 'http://localhost:3000' });
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';script-src 'self';frame-src 'self';style-src 'self';img-src 'self' data: blob: https:;font-src 'self';connect-src 'self';form-action 'self';frame-ancestors 'none';object-src 'none'",
    );
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('on https: HSTS for half a year and upgraded requests', () => {
    const headers = headersFor({ PUBLIC_URL: 'https://shop.example' });
    expect(headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(headers['content-security-policy']).toMatch(/;upgrade-insecure-requests$/);
  });
});
