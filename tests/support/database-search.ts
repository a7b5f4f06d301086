import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { rowsOf } from '@/db/rows';

export type Hit = { schema: string; table: string; column: string; needle: string; count: number };

/**
 * Searches every text-like column (text, varchar, char, json, jsonb, and arrays of them) of every table in every
 * schema but PostgreSQL's own for each needle, case-insensitively. The columns come from information_schema, so
 * tables other features add later are searched too, without this file knowing them.
 */
export async function searchWholeDatabase(db: Database, needles: string[]): Promise<Hit[]> {
  const columns = rowsOf<{ table_schema: string; table_name: string; column_name: string }>(
    await db.execute(sql`
      select c.table_schema, c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema not in ('pg_catalog', 'information_schema') and c.table_schema not like 'pg\\_%'
        and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
             or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar', '_json', '_jsonb')))
      order by 1, 2, 3`),
  );
  const hits: Hit[] = [];
  for (const col of columns) {
    for (const needle of needles) {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from ${sql.identifier(col.table_schema)}.${sql.identifier(col.table_name)} where strpos(lower(${sql.identifier(col.column_name)}::text), lower(${needle})) > 0`,
        ),
      );
      if (row.n > 0) hits.push({ schema: col.table_schema, table: col.table_name, column: col.column_name, needle, count: row.n });
    }
  }
  return hits;
}

/** How many text-like columns the search covers (a test checks it is not trivially zero). */
export async function countSearchedColumns(db: Database): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.table_schema || '.' || c.table_name || '.' || c.column_name as name
      from information_schema.columns c
      where c.table_schema not in ('pg_catalog', 'information_schema') and c.table_schema not like 'pg\\_%'
        and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb') or c.data_type = 'ARRAY')`),
  );
  return rows.map((r) => r.name);
}
