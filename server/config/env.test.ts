import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('gives the documented defaults when nothing is set', () => {
    const config = loadConfig({}, '/web');
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
    });
  });

  it('reads a PostgreSQL URL and a port', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop', PORT: '8080' }, '/web');
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/shop');
    expect(config.port).toBe(8080);
  });

  it('trusts a number of proxy hops or named proxy addresses, never every forwarded address', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }, '/web').trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.0/8' }, '/web').trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: 'false' }, '/web').trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' }, '/web')).toThrow(/TRUST_PROXY/);
  });

  it('treats a blank variable as unset', () => {
    expect(loadConfig({ PORT: '' }, '/web').port).toBe(3000);
  });

  it('refuses a bad value and names the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, '/web')).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' }, '/web')).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' }, '/web')).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' }, '/web')).toThrow(/PUBLIC_URL/);
  });
});
