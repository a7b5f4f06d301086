import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '@/db/schema';
import { newId } from '@/server/ids';
import { openTestDatabase } from '../tests/support/test-app';
import type { DatabaseHandle, DbExecutor } from './client';
import { preparedQuery } from './prepared';

/**
 * A prepared query is built once and runs on whichever executor it is given: the database (its pool) or a
 * transaction (its one connection). On PostgreSQL a read on the pool could not see the transaction's uncommitted
 * row: seeing it proves the query ran on the transaction's connection.
 */

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const selectOrganizationName = preparedQuery((db: DbExecutor) =>
  db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder('id')))
    .prepare('test_select_organization_name'),
);

describe('preparedQuery', () => {
  it('runs inside a transaction on its connection, then on the database again', async () => {
    const id = newId('organization');
    const inside: { name: string }[][] = [];
    await database.db.transaction(async (tx) => {
      await tx.insert(organizations).values({ id, name: 'Committed' });
      inside.push(await selectOrganizationName(tx).execute({ id }));
    });
    expect(inside).toEqual([[{ name: 'Committed' }]]);
    expect(await selectOrganizationName(database.db).execute({ id })).toEqual([{ name: 'Committed' }]);
  });

  it('a query first built inside a transaction serves the database and later transactions', async () => {
    const lookup = preparedQuery((db: DbExecutor) =>
      db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, sql.placeholder('name'))).prepare('test_select_organization_by_name'),
    );
    const id = newId('organization');
    await database.db.transaction(async (tx) => {
      await tx.insert(organizations).values({ id, name: 'Built in a transaction' });
      expect(await lookup(tx).execute({ name: 'Built in a transaction' })).toEqual([{ id }]);
    });
    expect(await lookup(database.db).execute({ name: 'Built in a transaction' })).toEqual([{ id }]);
    const otherId = newId('organization');
    await database.db.transaction(async (tx) => {
      await tx.insert(organizations).values({ id: otherId, name: 'Second transaction' });
      expect(await lookup(tx).execute({ name: 'Second transaction' })).toEqual([{ id: otherId }]);
    });
  });
});
