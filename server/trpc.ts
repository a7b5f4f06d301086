import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { ZodType } from 'zod';
import type { Database } from '@/db/client';
import { hasScope, type Principal } from './auth/principal';
import type { Scope } from './auth/scopes';
import { AppError, toAppError } from './errors';
import { log } from './log';

export type Meta = OpenApiMeta & {
  /** The HTTP status of success on REST v1 when not 200 (201 for creations). */
  successStatus?: number;
  /** Set by `scopedProcedure(scope)` only: the OpenAPI document reads the required scope from here. */
  scope?: Scope;
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

export const publicProcedure = t.procedure.use(withSuccessStatus);

/** A caller of a known organization; `ctx.orgId` is non-null from here on. */
export const orgProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.principal) throw new AppError('UNAUTHORIZED', 'Authentication required');
  return next({ ctx: { principal: ctx.principal, orgId: ctx.principal.orgId } });
});

/** A caller of a known organization who holds `scope` (recruiters hold every scope of their organization). */
export function scopedProcedure(scope: Scope) {
  // tRPC merges later `.meta()` calls into this one, so the procedure's own meta keeps the scope.
  return orgProcedure.meta({ scope }).use(({ ctx, next }) => {
    if (!hasScope(ctx.principal, scope)) {
      throw new AppError('FORBIDDEN', `This API key lacks the required scope: ${scope}`);
    }
    return next();
  });
}

/** Dashboard-only procedures: a signed-in recruiter, never an API key. */
export const recruiterProcedure = orgProcedure.use(({ ctx, next }) => {
  if (ctx.principal.kind !== 'recruiter') throw new AppError('FORBIDDEN', 'Only a signed-in recruiter may do this');
  return next({ ctx: { principal: ctx.principal } });
});
