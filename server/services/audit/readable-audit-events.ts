import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { apiKeys, campaigns, candidates, interviews, jobs, users } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import type { Page } from '../pagination';
import { AuditEventSchema, type AuditEventDto, type AuditFilter } from './audit-schemas';
import { listAuditEvents } from './list-audit-events';

/**
 * The audit log as a person reads it (the dashboard's Settings → Audit log, admins only): each entry with the
 * names behind its ids. The stored entries keep ids only (they never contain personal data, and v1 serves them
 * as they are); the names are looked up here, in the entry's organization only, so another organization's id
 * in an entry (none should be there) resolves to nothing rather than to that organization's record.
 */
export const ReadableAuditEventSchema = AuditEventSchema.extend({
  actorName: z.string().nullable().describe("The user's name (or email) or the API key's name; null when it no longer exists."),
  actorEmail: z.string().nullable().describe("The user's email, for a user."),
  targetName: z.string().nullable().describe('The record as a person names it (the candidate, "candidate · job" for an interview, the campaign, the user, the key); null when unknown or gone.'),
  targetHref: z.string().nullable().describe("The record's dashboard page, when it has one."),
  targetGone: z.boolean().describe('The record no longer exists (erased, deleted).'),
});
export type ReadableAuditEvent = z.infer<typeof ReadableAuditEventSchema>;

type Named = { name: string; href: string | null; email?: string | null };

function personName(firstName: string | null, lastName: string | null, email: string): string {
  return [firstName, lastName].filter(Boolean).join(' ').trim() || email;
}

/** The ids of `type` an entry names: its actor, its target, and the candidate or interview in its details. */
function idsOf(events: AuditEventDto[], kind: 'user' | 'api_key' | 'candidate' | 'interview' | 'campaign'): string[] {
  const ids = new Set<string>();
  for (const e of events) {
    if ((kind === 'user' || kind === 'api_key') && e.actor.type === kind) ids.add(e.actor.id);
    if (e.targetType === kind && e.targetId) ids.add(e.targetId);
    const detail = e.details[`${kind}Id`];
    if (typeof detail === 'string') ids.add(detail);
  }
  return [...ids];
}

/** Names of the records the entries mention, each looked up within `orgId`. */
export async function resolveAuditNames(db: DbExecutor, orgId: string, events: AuditEventDto[]): Promise<Map<string, Named>> {
  const userIds = idsOf(events, 'user');
  const keyIds = idsOf(events, 'api_key');
  const candidateIds = idsOf(events, 'candidate');
  const interviewIds = idsOf(events, 'interview');
  const campaignIds = idsOf(events, 'campaign');
  const [userRows, keyRows, candidateRows, interviewRows, campaignRows] = await Promise.all([
    userIds.length ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(and(eq(users.orgId, orgId), inArray(users.id, userIds))) : [],
    keyIds.length ? db.select({ id: apiKeys.id, name: apiKeys.name }).from(apiKeys).where(and(eq(apiKeys.orgId, orgId), inArray(apiKeys.id, keyIds))) : [],
    candidateIds.length
      ? db
          .select({ id: candidates.id, firstName: candidates.firstName, lastName: candidates.lastName, email: candidates.email })
          .from(candidates)
          .where(and(eq(candidates.orgId, orgId), inArray(candidates.id, candidateIds)))
      : [],
    interviewIds.length
      ? db
          .select({ id: interviews.id, title: jobs.title, firstName: candidates.firstName, lastName: candidates.lastName, email: candidates.email })
          .from(interviews)
          .innerJoin(jobs, and(eq(jobs.id, interviews.jobId), eq(jobs.orgId, orgId)))
          // The candidate in the same organization; an erased one is gone and the interview stays, anonymous.
          .leftJoin(candidates, and(eq(candidates.id, interviews.candidateId), eq(candidates.orgId, orgId)))
          .where(and(eq(interviews.orgId, orgId), inArray(interviews.id, interviewIds)))
      : [],
    campaignIds.length ? db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(and(eq(campaigns.orgId, orgId), inArray(campaigns.id, campaignIds))) : [],
  ]);
  const names = new Map<string, Named>();
  for (const u of userRows) names.set(u.id, { name: u.name?.trim() || u.email, email: u.email, href: '/settings/team' });
  for (const k of keyRows) names.set(k.id, { name: k.name, href: '/settings/developers' });
  for (const c of candidateRows) names.set(c.id, { name: personName(c.firstName, c.lastName, c.email), href: `/candidates/${c.id}` });
  for (const i of interviewRows) {
    const who = i.email === null ? 'Erased candidate' : personName(i.firstName, i.lastName, i.email);
    names.set(i.id, { name: `${who} · ${i.title}`, href: `/interviews/${i.id}` });
  }
  for (const c of campaignRows) names.set(c.id, { name: c.name, href: `/campaigns/${c.id}` });
  return names;
}

const NAMED_TARGETS = new Set(['user', 'api_key', 'candidate', 'interview', 'campaign']);

/** One page of the organization's audit log (as listAuditEvents) with the names of who and what. */
export async function listReadableAuditEvents(
  db: DbExecutor,
  input: { orgId: string; page: number; pageSize: number } & AuditFilter,
): Promise<Page<ReadableAuditEvent>> {
  const page = await listAuditEvents(db, input);
  const names = await resolveAuditNames(db, input.orgId, page.items);
  return {
    pagination: page.pagination,
    items: page.items.map((e) => {
      const actor = e.actor.type === 'user' || e.actor.type === 'api_key' ? names.get(e.actor.id) : undefined;
      // A report is named, and linked, as its interview (the entry's details name it).
      const reportOf = e.targetType === 'report' && typeof e.details.interviewId === 'string' ? names.get(e.details.interviewId) : undefined;
      const target = e.targetId ? (names.get(e.targetId) ?? reportOf) : undefined;
      return {
        ...e,
        actorName: actor?.name ?? null,
        actorEmail: actor?.email ?? null,
        targetName: target?.name ?? null,
        targetHref: target?.href ?? null,
        targetGone: Boolean(e.targetId && NAMED_TARGETS.has(e.targetType) && !target),
      };
    }),
  };
}
