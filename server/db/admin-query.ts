import pg from 'pg';

/** One statement on its own connection: creating or dropping a database cannot run in a pool's transaction. */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
