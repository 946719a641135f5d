import type { Kysely, Migration } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * The accounts tables that better-auth reads and writes: users, their sign-in methods, sessions,
 * one-time codes and two-factor secrets. Table and column names are better-auth's own (see ADR 002),
 * so that its schema check (`accounts-schema.api.test.ts`) finds nothing missing.
 */
export const accountsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = isPostgres(db);
    // better-auth stores booleans as 0/1 and dates as ISO text on SQLite.
    const timestamp = postgres ? 'timestamptz' : 'date';
    const boolean = postgres ? 'boolean' : 'integer';

    await db.schema
      .createTable('user')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('emailVerified', boolean, (col) => col.notNull())
      .addColumn('image', 'text')
      .addColumn('createdAt', timestamp, (col) => col.notNull())
      .addColumn('updatedAt', timestamp, (col) => col.notNull())
      .addColumn('role', 'text', (col) => col.notNull().defaultTo('user'))
      .addColumn('education', 'text')
      .addColumn('location', 'text')
      .addColumn('contactNumber', 'text')
      .addColumn('phoneNumber', 'text', (col) => col.unique())
      .addColumn('phoneNumberVerified', boolean)
      .addColumn('twoFactorEnabled', boolean)
      .execute();
    // Make Admin lists users newest first.
    await db.schema.createIndex('user_createdAt_idx').on('user').columns(['createdAt', 'id']).execute();

    await db.schema
      .createTable('session')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('expiresAt', timestamp, (col) => col.notNull())
      .addColumn('token', 'text', (col) => col.notNull().unique())
      .addColumn('createdAt', timestamp, (col) => col.notNull())
      .addColumn('updatedAt', timestamp, (col) => col.notNull())
      .addColumn('ipAddress', 'text')
      .addColumn('userAgent', 'text')
      .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();

    await db.schema
      .createTable('account')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('accountId', 'text', (col) => col.notNull())
      .addColumn('providerId', 'text', (col) => col.notNull())
      .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('accessToken', 'text')
      .addColumn('refreshToken', 'text')
      .addColumn('idToken', 'text')
      .addColumn('accessTokenExpiresAt', timestamp)
      .addColumn('refreshTokenExpiresAt', timestamp)
      .addColumn('scope', 'text')
      .addColumn('password', 'text')
      .addColumn('createdAt', timestamp, (col) => col.notNull())
      .addColumn('updatedAt', timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute();
    // A social sign-in finds its account by the provider's id for the person.
    await db.schema.createIndex('account_provider_idx').on('account').columns(['providerId', 'accountId']).execute();

    await db.schema
      .createTable('verification')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('identifier', 'text', (col) => col.notNull())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('expiresAt', timestamp, (col) => col.notNull())
      .addColumn('createdAt', timestamp, (col) => col.notNull())
      .addColumn('updatedAt', timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('verification_identifier_idx').on('verification').column('identifier').execute();

    await db.schema
      .createTable('twoFactor')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('secret', 'text', (col) => col.notNull())
      .addColumn('backupCodes', 'text', (col) => col.notNull())
      .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
      .addColumn('verified', boolean)
      .addColumn('failedVerificationCount', 'integer')
      .addColumn('lockedUntil', timestamp)
      .execute();
    await db.schema.createIndex('twoFactor_secret_idx').on('twoFactor').column('secret').execute();
    await db.schema.createIndex('twoFactor_userId_idx').on('twoFactor').column('userId').execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['twoFactor', 'verification', 'account', 'session', 'user']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
