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

const withSuccessStatus = t.middleware(({ meta, ctx, next }) => {
  if (meta?.successStatus) ctx.response.status = meta.successStatus;
  return next();
});

/**
 * The input of every dashboard procedure, checked before zod and the procedure see it, by the same rule REST v1
 * applies to bodies and query strings at its edge (storable-json.ts): no NUL character and no unpaired surrogate
 * in any string or key (PostgreSQL refuses the first with a 500, and silently stores U+FFFD for the second), a
 * bounded nesting depth. A 400 naming the field. So a dry run (candidates.import) refuses what the real run would.
 * REST v1 (API-key callers) is left to its edge, where path ids of any shape stay a plain 404.
 */
const withStorableInput = t.middleware(async ({ ctx, getRawInput, next }) => {
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

export const publicProcedure = t.procedure.use(withSuccessStatus).use(withStorableInput);

/** A caller of a known organization; `ctx.orgId` is non-null from here on. */
export const orgProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.principal) throw new AppError('UNAUTHORIZED', 'Authentication required');
  // `audit` is who acts and from which request: audited services record it in the action's transaction.
  const audit: AuditContext = { actor: auditActorOf(ctx.principal), requestId: ctx.requestId };
  return next({ ctx: { principal: ctx.principal, orgId: ctx.principal.orgId, audit } });
});

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
  return orgProcedure.meta({ scope, ...(options.sessionRole ? { access: options.sessionRole } : {}) }).use(({ ctx, next }) => {
    if (ctx.principal.kind === 'recruiter') {
      if (!hasScope(ctx.principal, scope)) throw roleRefusal(ROLE_SCOPES.recruiter.includes(scope) ? 'recruiter' : 'admin');
      if (options.sessionRole) assertRole(ctx.principal.role, options.sessionRole);
    } else if (!hasScope(ctx.principal, scope)) {
      throw new AppError('FORBIDDEN', `This API key lacks the required scope: ${scope}`);
    }
    return next();
  });
}

/** Dashboard-only procedures: a signed-in user of any role (reads, and a user's own personal things), never an API key. */
export const memberProcedure = orgProcedure.meta({ access: 'member' }).use(({ ctx, next }) => {
  if (ctx.principal.kind !== 'recruiter') throw new AppError('FORBIDDEN', 'Only a signed-in dashboard user may do this');
  return next({ ctx: { principal: ctx.principal } });
});

/** Changes about candidates, interviews, jobs, campaigns, stages, configs, test results, reviews, decisions: role recruiter or admin. */
export const recruiterProcedure = memberProcedure.meta({ access: 'recruiter' }).use(({ ctx, next }) => {
  assertRole(ctx.principal.role, 'recruiter');
  return next();
});

/** The team, API keys, settings, the dev mailbox: role admin. */
export const adminProcedure = memberProcedure.meta({ access: 'admin' }).use(({ ctx, next }) => {
  assertRole(ctx.principal.role, 'admin');
  return next();
});
