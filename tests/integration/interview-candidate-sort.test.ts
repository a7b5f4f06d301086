import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { candidates, organizations } from '@/db/schema';
import { newId } from '@/server/ids';
import { listInterviews } from '@/server/services/interviews/list-interviews';
import { makeCandidate, makeInterview, makeJob } from '@/tests/support/factories';
import { openTestDatabase } from '@/tests/support/test-app';

/**
 * The interview list sorted by candidate name (list-interviews.ts, listCandidateSortedIds): read through the
 * candidates' name index, interviews of erased candidates (their row deleted) last in either direction. Every page,
 * the ones that straddle the erased tail included, must be the slice of one total order: "first last" lower-cased,
 * then the interview id, in the direction asked; no row repeated or skipped.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('the interview list sorted by candidate', () => {
  it('pages through one order, erased candidates last, with and without a filter', async () => {
    const db = database.db;
    const orgId = newId('organization');
    await db.insert(organizations).values({ id: orgId, name: 'Sorted by name' });
    const job = await makeJob(db, orgId);
    const names: [string | null, string | null][] = [
      ['zoé', 'Martin'],
      ['Ana', 'García'],
      ['ana', 'Garcia'],
      [null, 'Solo'],
      ['Ben', null],
      ['Ben', 'Adams'],
      ['Erased', 'One'],
      ['Erased', 'Two'],
    ];
    const people = [];
    for (const [firstName, lastName] of names) people.push(await makeCandidate(db, orgId, { firstName, lastName }));
    for (const [index, person] of people.entries()) {
      for (const status of index % 2 === 0 ? (['COMPLETED', 'INVITED'] as const) : (['COMPLETED', 'COMPLETED', 'DRAFT'] as const)) {
        await makeInterview(db, orgId, { candidateId: person.id, jobId: job.id, status, completedAt: status === 'COMPLETED' ? new Date() : null });
      }
    }
    for (const erased of people.slice(-2)) await db.delete(candidates).where(and(eq(candidates.id, erased.id), eq(candidates.orgId, orgId)));

    // The order as the list defined it before the name index (the name looked up per interview, erased ones last),
    // in the database's own collation.
    const expected = async (order: 'asc' | 'desc', status?: string) => {
      const direction = order === 'asc' ? sql`asc` : sql`desc`;
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`select i.id from interviews i where i.org_id = ${orgId} ${status ? sql`and i.status = ${status}` : sql``}
          order by (select lower(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) from candidates c where c.id = i.candidate_id and c.org_id = i.org_id) ${direction} nulls last, i.id ${direction}`),
      );
      return rows.map((r) => r.id);
    };

    for (const status of [undefined, 'COMPLETED'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        for (const pageSize of [3, 4, 50]) {
          const seen: string[] = [];
          for (let page = 1; ; page++) {
            const listed = await listInterviews(db, { orgId, page, pageSize, sort: 'candidate', order, status });
            seen.push(...listed.items.map((i) => i.id));
            if (listed.items.length < pageSize) break;
          }
          expect(seen, `${status ?? 'all'} ${order} by ${pageSize}`).toEqual(await expected(order, status));
        }
      }
    }
  });
});
