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
      databasePoolSize: 10,
      databasePreparedStatements: true,
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
    });
  });

  it('reads a PostgreSQL URL and a port', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop', PORT: '8080' }, '/web');
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/shop');
    expect(config.port).toBe(8080);
  });

  it('takes the PostgreSQL pool size as a whole number of at least 2', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '40' }, '/web').databasePoolSize).toBe(40);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' }, '/web')).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('prepares PostgreSQL statements unless DATABASE_PREPARED_STATEMENTS is false', () => {
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }, '/web').databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'no' }, '/web')).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });

  it('trusts a number of proxy hops or named proxy addresses, never every forwarded address', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }, '/web').trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.0/8' }, '/web').trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: 'false' }, '/web').trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' }, '/web')).toThrow(/TRUST_PROXY/);
  });

  it('keeps backups in DATA_DIR/backups unless BACKUP_DIR names another folder', () => {
    expect(loadConfig({ DATA_DIR: '/srv/joinery' }, '/web').backupDir).toBe(path.resolve('/srv/joinery/backups'));
    expect(loadConfig({ DATA_DIR: '/srv/joinery', BACKUP_DIR: '/mnt/backups' }, '/web').backupDir).toBe(path.resolve('/mnt/backups'));
  });

  it('takes a metrics token of at least 16 characters, and a traces endpoint only as a URL', () => {
    expect(loadConfig({}, '/web').metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-scraper-secret-16' }, '/web').metricsToken).toBe('a-scraper-secret-16');
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short' }, '/web')).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, '/web')).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
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

  it('keeps pictures in the database unless every one of the bucket’s settings is set, and names the one missing', () => {
    const bucket = { S3_BUCKET: 'pictures', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({}, '/web').pictureBucket).toBeUndefined();
    expect(loadConfig({ ...bucket, S3_FORCE_PATH_STYLE: 'true' }, '/web').pictureBucket).toEqual({
      bucket: 'pictures',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ ...bucket, S3_SECRET_ACCESS_KEY: '' }, '/web')).toThrow('Invalid configuration. S3_SECRET_ACCESS_KEY: must be set when S3_BUCKET is set');
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }, '/web')).toThrow(
      'Invalid configuration. S3_BUCKET: must be set when S3_ENDPOINT is set; S3_REGION: must be set when S3_ENDPOINT is set; S3_ACCESS_KEY_ID: must be set when S3_ENDPOINT is set; S3_SECRET_ACCESS_KEY: must be set when S3_ENDPOINT is set',
    );
  });
});
