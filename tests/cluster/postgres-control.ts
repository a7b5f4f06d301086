import postgres from 'postgres';

/** Waits until the server accepts a query again; returns how long that took. */
export async function waitForPostgres(serverUrl: string, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const sql = postgres(serverUrl, { max: 1, connect_timeout: 3, onnotice: () => {} });
    try {
      await sql`select 1`;
      return Date.now() - started;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await sql.end({ timeout: 1 }).catch(() => {});
    }
  }
}
