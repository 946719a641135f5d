import pg from 'pg';

/** The PostgreSQL server on which the API tests create and drop their databases. */
export const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server's address without its credentials, to name it in messages. */
export const postgresAdminAddress = postgresAdminUrl.replace(/\/\/[^@/]*@/, '//');

/** Whether that server lets the tests in, checked once before a run decides what it can test. */
export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
