import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { ZodType } from 'zod';
import type { Database } from '@/db/client';
import type { UserRole } from '@/db/schema/users';
import { hasScope, ROLE_SCOPES, type Principal } from './auth/principal';
import { auditActorOf, type AuditContext } from './services/audit/audit-actor';
import type { Scope } from './auth/scopes';
import { AppError, toAppError } from './errors';
import { assertStorableJson } from './http/storable-json';
import { log } from './log';

export type Meta = OpenApiMeta & {
  /** The HTTP status of success on REST v1 when not 200 (201 for creations). */
  successStatus?: number;
  /** Set by `scopedProcedure(scope)` only: the OpenAPI document reads the required scope from here. */
  scope?: Scope;
  /** Set by memberProcedure, recruiterProcedure, adminProcedure (and scopedProcedure's sessionRole): the least role. */
  access?: Access;
  /** Further non-error responses for the OpenAPI document, e.g. 202 while a report is being generated. */
  otherResponses?: Record<number, { description: string; schema: ZodType }>;
};

/** Written by procedures, read by the HTTP surfaces: a status other than 200 (202 while a report is pending). */
export type ResponseControl = { status?: number };

export type Context = {
  db: Database;
  principal: Principal | null;
  requestId: string;
  response: ResponseControl;
};

/** The context without any request: used by the HTTP adapters and by tests through createCaller. */
export function createContextInner(input: { db: Database; principal: Principal | null; requestId: string }): Context {
  return { ...input, response: {} };
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      const appError = toAppError(error);
      if (appError.appCode === 'INTERNAL') {
        log.error({ err: error.cause ?? error, requestId: ctx?.requestId }, 'unhandled error');
      }
      // No stack, procedure path or SQL leaves the server: only the contract's error body.
      return {
        message: appError.message,
        code: shape.code,
        data: { httpStatus: appError.status, error: appError.toBody(ctx?.requestId) },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every middleware is a layer through which tRPC copies the call's options and context again, on every call: the
 * checks below are grouped into one middleware for every procedure (status, storable input) and one per access
 * kind (organization and scope, or organization and role), not one layer per check.
 */

/**
 * At the root of every procedure: the success status REST v1 answers with, then the input checked before zod and
 * the procedure see it, by the same rule REST v1 applies to bodies and query strings at its edge
 * (storable-json.ts): no NUL character and no unpaired surrogate in any string or key (PostgreSQL refuses the first
 * with a 500, and silently stores U+FFFD for the second), a bounded nesting depth. A 400 naming the field. So a dry
 * run (candidates.import) refuses what the real run would. REST v1 (API-key callers) is left to its edge, where
 * path ids of any shape stay a plain 404.
 */
export const publicProcedure = t.procedure.use(async ({ meta, ctx, getRawInput, next }) => {
  if (meta?.successStatus) ctx.response.status = meta.successStatus;
  if (ctx.principal?.kind !== 'apiKey') {
    try {
      assertStorableJson(await getRawInput());
    } catch (error) {
      if (error instanceof AppError) throw new TRPCError({ code: 'BAD_REQUEST', message: error.message, cause: error });
      throw error;
    }
  }
  return next();
});

/** A caller of a known organization: what `ctx` gains (`orgId`, `audit`), or 401 without a principal. */
function organizationContext(principal: Principal | null, requestId: string) {
  if (!principal) throw new AppError('UNAUTHORIZED', 'Authentication required');
  // `audit` is who acts and from which request: audited services record it in the action's transaction.
  const audit: AuditContext = { actor: auditActorOf(principal), requestId };
  return { principal, orgId: principal.orgId, audit };
}

/** The least role a dashboard procedure needs; set by the builders below and read by the role tests. */
export type Access = 'member' | 'recruiter' | 'admin';

const ROLE_RANK: Record<UserRole, number> = { viewer: 0, recruiter: 1, admin: 2 };

/** The 403 a signed-in user gets for an action above their role, naming the role it needs. */
export function roleRefusal(needed: Exclude<Access, 'member'>): AppError {
  return new AppError(
    'FORBIDDEN',
    needed === 'recruiter'
      ? 'Viewers cannot change anything; ask an admin of your organization for the recruiter role'
      : 'Only an admin can do this (team, API keys, settings, webhooks, audit log, erasure); ask an admin of your organization',
  );
}

function assertRole(role: UserRole, needed: Exclude<Access, 'member'>): void {
  if (ROLE_RANK[role] < ROLE_RANK[needed]) throw roleRefusal(needed);
}

/**
 * A caller of a known organization who holds `scope`: an API key created with it, or a signed-in user whose role
 * holds it (ROLE_SCOPES). `sessionRole` raises the bar for session users where an action is admin-only but lives
 * under a write scope API keys share (candidate erasure: `candidates:write` for keys, admin for people).
 * The check runs before the input is parsed: a refused caller learns nothing about what it sent.
 */
export function scopedProcedure(scope: Scope, options: { sessionRole?: Exclude<Access, 'member'> } = {}) {
  // tRPC merges later `.meta()` calls into this one, so the procedure's own meta keeps the scope.
  return publicProcedure.meta({ scope, ...(options.sessionRole ? { access: options.sessionRole } : {}) }).use(({ ctx, next }) => {
    const organization = organizationContext(ctx.principal, ctx.requestId);
    const { principal } = organization;
    if (principal.kind === 'recruiter') {
      if (!hasScope(principal, scope)) throw roleRefusal(ROLE_SCOPES.recruiter.includes(scope) ? 'recruiter' : 'admin');
      if (options.sessionRole) assertRole(principal.role, options.sessionRole);
    } else if (!hasScope(principal, scope)) {
      throw new AppError('FORBIDDEN', `This API key lacks the required scope: ${scope}`);
    }
    return next({ ctx: organization });
  });
}

/** A signed-in dashboard user (never an API key) of at least the role `access` names. */
function sessionProcedure(access: Access) {
  return publicProcedure.meta({ access }).use(({ ctx, next }) => {
    const organization = organizationContext(ctx.principal, ctx.requestId);
    const { principal } = organization;
    if (principal.kind !== 'recruiter') throw new AppError('FORBIDDEN', 'Only a signed-in dashboard user may do this');
    if (access !== 'member') assertRole(principal.role, access);
    return next({ ctx: { ...organization, principal } });
  });
}

/** Dashboard-only procedures: a signed-in user of any role (reads, and a user's own personal things), never an API key. */
export const memberProcedure = sessionProcedure('member');

/** Changes about candidates, interviews, jobs, campaigns, stages, configs, test results, reviews, decisions: role recruiter or admin. */
export const recruiterProcedure = sessionProcedure('recruiter');

/** The team, API keys, settings, the dev mailbox: role admin. */
export const adminProcedure = sessionProcedure('admin');
