import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '@/db/client';
import type { UserRole } from '@/db/schema';
import { SCOPES } from '@/server/auth/scopes';
import { toAppError, type AppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { appRouter } from '@/server/routers/app-router';
import { createOrganization } from '@/server/services/organizations/create-organization';
import { createCallerFactory, createContextInner } from '@/server/trpc';
import { recruiterCaller } from '../support/recruiter-caller';
import { openTestDatabase } from '../support/test-app';

/**
 * Walks every procedure of the app router, so a procedure added later is covered without touching this file:
 * a viewer is refused every mutation, a recruiter every admin-only procedure, before any input is validated
 * or any record looked up (the calls send garbage input and ids of nothing).
 */
const createCaller = createCallerFactory(appRouter);

/**
 * What a viewer may still call among mutations: their own personal things (notifications, watching, saved filters),
 * and the selection exports, which only read (a mutation for their body size and their audit entry). Never a
 * change to the organization's data.
 */
const VIEWER_MUTATIONS_ALLOWED: readonly string[] = [
  'notifications.markRead',
  'notifications.setPreference',
  'notifications.setWatching',
  'savedFilters.create',
  'savedFilters.delete',
  'bulk.exportCandidates',
  'bulk.exportInterviews',
];

/**
 * The admin-only areas (issue 10): team, API keys, settings, webhooks, audit log, the dev mailbox, erasure; each
 * reviewer's agreement with the AI, which names colleagues as the team page does (issue 23); ATS integrations
 * (issue 24).
 */
const ADMIN_ONLY = [/^team\./, /^apiKeys\./, /^settings\./, /^webhooks\./, /^auditEvents\./, /^mailbox\./, /^candidates\.erase$/, /^candidates\.requestErasure$/, /^analytics\.reviewers$/, /^integrations\.(?!interviewSource$)/];
const isAdminOnly = (path: string) => ADMIN_ONLY.some((pattern) => pattern.test(path));

type AnyProcedure = { _def: { type: 'query' | 'mutation' | 'subscription'; meta?: { access?: string; scope?: string } } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>);

let database: DatabaseHandle;
let db: Database;
let orgId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  orgId = (await createOrganization(db, { name: 'Roles Inc' })).id;
});
afterAll(() => database?.close());

/** Calls `path` as `role` with input that is valid for nothing; returns the error (or null when it succeeded). */
async function attempt(role: UserRole, path: string): Promise<AppError | null> {
  const caller = recruiterCaller(db, orgId, role) as unknown as Record<string, unknown>;
  const call = path.split('.').reduce<any>((node, key) => node[key], caller) as (input: unknown) => Promise<unknown>;
  try {
    const result = await call({ id: 'nothing_here', unexpected: 1 });
    // A subscription hands back an iterable: reading its first item runs the middlewares.
    if (result && typeof (result as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
      const iterator = (result as AsyncIterable<unknown>)[Symbol.asyncIterator]();
      await Promise.race([iterator.next(), new Promise((resolve) => setTimeout(resolve, 200))]);
      await iterator.return?.();
    }
    return null;
  } catch (error) {
    return toAppError(error);
  }
}

describe('every procedure checks the role', () => {
  it('the router has procedures of every kind, and every procedure declares who may call it', () => {
    expect(procedures.length).toBeGreaterThan(50);
    expect(procedures.some(([, p]) => p._def.type === 'mutation')).toBe(true);
    // Built on memberProcedure, recruiterProcedure, adminProcedure or scopedProcedure: never on a bare publicProcedure.
    const undeclared = procedures.filter(([, p]) => !p._def.meta?.access && !p._def.meta?.scope).map(([path]) => path);
    expect(undeclared).toEqual([]);
  });

  it.each(procedures.filter(([path, p]) => p._def.type === 'mutation' && !VIEWER_MUTATIONS_ALLOWED.includes(path)).map(([path]) => path))(
    'a viewer is refused the mutation %s before validation',
    async (path) => {
      const error = await attempt('viewer', path);
      expect(error?.appCode, `${path}: ${error?.message}`).toBe('FORBIDDEN');
      expect(error?.status).toBe(403);
      expect(error?.message).toMatch(isAdminOnly(path) ? /admin/ : /Viewers cannot change anything; ask an admin .*recruiter role/);
    },
  );

  it.each(procedures.filter(([path]) => isAdminOnly(path)).map(([path]) => path))('a recruiter is refused the admin-only %s before validation', async (path) => {
    const error = await attempt('recruiter', path);
    expect(error?.appCode, `${path}: ${error?.message}`).toBe('FORBIDDEN');
    expect(error?.message).toMatch(/Only an admin can do this/);
  });

  it.each(procedures.filter(([path]) => !isAdminOnly(path)).map(([path]) => path))('a recruiter is not refused %s (only admin-only areas are)', async (path) => {
    const error = await attempt('recruiter', path);
    expect(error?.appCode ?? 'OK', `${path}: ${error?.message}`).not.toBe('FORBIDDEN');
  });

  it.each(procedures.filter(([path, p]) => p._def.type !== 'mutation' && !isAdminOnly(path)).map(([path]) => path))('a viewer may read %s', async (path) => {
    const error = await attempt('viewer', path);
    expect(error?.appCode ?? 'OK', `${path}: ${error?.message}`).not.toBe('FORBIDDEN');
  });

  it.each(VIEWER_MUTATIONS_ALLOWED)('a viewer may change their own %s', async (path) => {
    expect(procedures.some(([p]) => p === path), `${path} exists`).toBe(true);
    const error = await attempt('viewer', path);
    expect(error?.appCode ?? 'OK', `${path}: ${error?.message}`).not.toBe('FORBIDDEN');
  });

  it.each(procedures.map(([path]) => path))('an admin is not refused %s', async (path) => {
    const error = await attempt('admin', path);
    expect(error?.appCode ?? 'OK', `${path}: ${error?.message}`).not.toBe('FORBIDDEN');
  });
});

describe('API keys keep their scopes', () => {
  it('a key with every scope still creates and erases candidates and manages webhooks; roles are for people', async () => {
    const key = createCaller(createContextInner({ db, requestId: 'req_rolekey', principal: { kind: 'apiKey', orgId, apiKeyId: newId('apiKey'), scopes: [...SCOPES] } }));
    const candidate = await key.candidates.create({ email: `${newId('candidate').toLowerCase()}@example.com`, firstName: 'Ada' });
    await expect(key.webhooks.list({})).resolves.toBeDefined();
    await expect(key.auditEvents.list({})).resolves.toBeDefined();
    await key.candidates.erase({ id: candidate.id });
    await expect(key.candidates.get({ id: candidate.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Dashboard-only procedures stay closed to keys, whatever their scopes.
    await expect(key.team.list()).rejects.toMatchObject({ message: 'Only a signed-in dashboard user may do this' });
  });

  it('a read-only key is refused writes with the scope message, as before', async () => {
    const key = createCaller(createContextInner({ db, requestId: 'req_rolekey2', principal: { kind: 'apiKey', orgId, apiKeyId: newId('apiKey'), scopes: ['candidates:read'] } }));
    await expect(key.candidates.create({ email: 'x@example.com' })).rejects.toMatchObject({ message: 'This API key lacks the required scope: candidates:write' });
  });
});
