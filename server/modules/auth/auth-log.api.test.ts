import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureLog, logLevels } from '../../test/log-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A client's mistakes at better-auth's routes are no operator's alarm: they are logged at info, and
 * the client's own text never lands in a warning or an error line.
 */
const publicUrl = 'https://shop.joinery.example';
const attackerText = 'attacker-text-7f3a';
const log = captureLog();

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({
    seed: false,
    logStream: log.stream,
    env: { PUBLIC_URL: publicUrl, GOOGLE_CLIENT_ID: 'joinery-test.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'google-client-secret' },
  });
});
afterAll(async () => {
  await shop.close();
});
beforeEach(() => {
  log.lines.length = 0;
});

let nextClient = 1;
const newClient = () => `10.9.0.${nextClient++}`;

const signInWith = (payload: object) => shop.app.inject({ method: 'POST', url: '/api/auth/sign-in/social', headers: { origin: publicUrl }, payload, remoteAddress: newClient() });

const linesAtOrAbove = (level: number) => log.lines.filter((line) => line.level >= level);
const linesWithAttackerText = () => log.lines.filter((line) => JSON.stringify(line).includes(attackerText));

describe('a client’s mistake at the sign-in routes', () => {
  it('an unknown provider: refused, logged at info only', async () => {
    const res = await signInWith({ provider: `evil-${attackerText}`, callbackURL: '/dashboard' });
    expect(res.statusCode).toBe(404);
    expect(linesAtOrAbove(logLevels.warn)).toEqual([]);
    expect(linesWithAttackerText()).toEqual([expect.objectContaining({ level: logLevels.info, msg: expect.stringMatching(/Provider not found/) })]);
  });

  it('a callback URL on another site: refused, logged at info only', async () => {
    const res = await signInWith({ provider: 'google', callbackURL: `https://attacker.example/${attackerText}` });
    expect(res.statusCode).toBe(403);
    expect(linesAtOrAbove(logLevels.warn)).toEqual([]);
    expect(linesWithAttackerText()).toContainEqual(expect.objectContaining({ level: logLevels.info, msg: expect.stringMatching(/callbackURL/) }));
  });

  it('a tampered state on the way back from the provider: refused, logged at info only', async () => {
    const res = await shop.app.inject({ method: 'GET', url: `/api/auth/callback/google?code=stolen&state=${attackerText}`, remoteAddress: newClient() });
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location)).searchParams.get('error')).toMatch(/state/);
    expect(linesAtOrAbove(logLevels.warn)).toEqual([]);
    expect(linesWithAttackerText()).toContainEqual(expect.objectContaining({ level: logLevels.info, msg: expect.stringMatching(/state/) }));
  });
});
