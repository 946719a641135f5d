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
