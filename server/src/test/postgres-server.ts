import pg from 'pg';

/** Runs one statement (create or drop a database) on the PostgreSQL server at pgUrl, in its own connection. */
export async function onPostgresServer(pgUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
