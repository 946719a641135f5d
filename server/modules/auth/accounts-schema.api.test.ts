import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getMigrations } from 'better-auth/db/migration';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock.ts';
import { loadConfig } from '../../config/env.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createRateLimitRepository } from '../rate-limit/rate-limit-repository.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-database.ts';
import { authOptions } from './auth.ts';
import type { SmsSender } from './sms/sms-sender.ts';

/**
 * better-auth can create its own tables, but the shop makes them with its migrations (003-accounts)
 * so that SQLite and PostgreSQL share one schema history. This checks, with better-auth's own schema
 * diff, that those migrations leave it nothing to create or add, with every plugin the shop can turn
 * on switched on.
 */
const noSms: SmsSender = {
  async send() {
    throw new Error('the schema check sends no text messages');
  },
};
const noMail: Mailer = {
  async enqueue() {
    throw new Error('the schema check sends no e-mail');
  },
};

/** What better-auth says while it compares: a column of the wrong type or nullability is only a warning. */
const warnings: string[] = [];
function recordingLogger(): FastifyBaseLogger {
  const record = (level: string) => (_details: unknown, message: string) => {
    if (level === 'warn' || level === 'error' || level === 'fatal') warnings.push(message);
  };
  const logger = {
    level: 'trace',
    fatal: record('fatal'),
    error: record('error'),
    warn: record('warn'),
    info: record('info'),
    debug: record('debug'),
    trace: record('trace'),
    silent: () => {},
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}
const recordingLog = recordingLogger();

let shop: TestApp;
let dataDir: string;
beforeAll(async () => {
  shop = await createTestApp({ seed: false });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-schema-'));
});
afterAll(async () => {
  await shop.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function optionsWithEveryPlugin() {
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      // Optional plugins are only loaded when configured; configure them all.
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      FACEBOOK_CLIENT_ID: 'facebook-client',
      FACEBOOK_CLIENT_SECRET: 'facebook-secret',
      CAPTCHA_PROVIDER: 'turnstile',
      CAPTCHA_SITE_KEY: 'site-key',
      CAPTCHA_SECRET_KEY: 'secret-key',
    },
    '/nonexistent',
  );
  return authOptions(
    {
      config,
      database: shop.database,
      secret: 'a-test-secret-that-is-long-enough-for-better-auth',
      sms: noSms,
      rateLimits: createRateLimitRepository(shop.db, systemClock),
      mailer: noMail,
      log: recordingLog,
      clock: systemClock,
    },
    () => Promise.reject(new Error('no session is read while the schema is checked')),
  );
}

describe(`better-auth's schema on the migrated ${testDialect} database`, () => {
  it('has every plugin that needs tables or columns in the options being checked', () => {
    const pluginIds = optionsWithEveryPlugin().plugins.map((plugin) => plugin.id);
    expect(pluginIds).toEqual(expect.arrayContaining(['phone-number', 'two-factor', 'generic-oauth', 'captcha']));
  });

  it('finds no table to create and no column to add', async () => {
    warnings.length = 0;
    const { toBeCreated, toBeAdded, unsafeChanges, schemaProblems } = await getMigrations(optionsWithEveryPlugin(), {
      throwOnUnsafe: false,
    });
    // Named tables and fields, so that a failure says what is missing.
    const described = (changes: typeof toBeCreated) => changes.map(({ table, fields }) => ({ table, fields: Object.keys(fields) }));
    expect(described(toBeCreated)).toEqual([]);
    expect(described(toBeAdded)).toEqual([]);
    expect(unsafeChanges).toEqual([]);
    expect(schemaProblems).toEqual([]);
    // Columns of the wrong type, or nullable where better-auth requires a value, are reported as warnings.
    expect(warnings).toEqual([]);
  });

  it('would notice a missing column, so the check above can fail', async () => {
    await shop.db.schema.alterTable('user').dropColumn('contactNumber').execute();
    try {
      const { toBeAdded } = await getMigrations(optionsWithEveryPlugin(), { throwOnUnsafe: false });
      expect(toBeAdded.map(({ table, fields }) => ({ table, fields: Object.keys(fields) }))).toEqual([{ table: 'user', fields: ['contactNumber'] }]);
    } finally {
      await shop.db.schema.alterTable('user').addColumn('contactNumber', 'text').execute();
    }
  });

  // SQLite keeps any value in any column, so only PostgreSQL can have a column of the wrong type.
  it.runIf(testDialect === 'postgres')('would notice a column of the wrong type', async () => {
    warnings.length = 0;
    await shop.db.schema
      .alterTable('user')
      .alterColumn('twoFactorEnabled', (column) => column.setDataType('text'))
      .execute();
    try {
      await getMigrations(optionsWithEveryPlugin(), { throwOnUnsafe: false });
      expect(warnings).toEqual([expect.stringContaining('twoFactorEnabled in table user has a different type')]);
    } finally {
      await shop.db.schema
        .alterTable('user')
        .alterColumn('twoFactorEnabled', (column) => column.setDataType(sql`boolean using "twoFactorEnabled"::boolean`))
        .execute();
    }
  });
});
