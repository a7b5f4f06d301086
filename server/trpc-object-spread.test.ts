import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { initTRPC } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * scripts/patch-dependencies.mjs (the postinstall) replaces @trpc/server's object-spread helper, which defined the
 * properties one by one at each middleware layer of every call, with Object.assign. These tests say that the
 * installed build is patched (a tRPC upgrade that ships another helper warns at install and fails here, so the
 * patch is reviewed rather than silently lost) and that what tRPC merges with it still merges.
 */
const DIST = fileURLToPath(new URL('../node_modules/@trpc/server/dist/', import.meta.url));
const MARK = '/* interview-screening: native object spread */';

describe('@trpc/server object spread', () => {
  it('is the patched helper in every build file that defines one (ESM and CommonJS)', () => {
    const definers = readdirSync(DIST)
      .filter((name) => /\.(m|c)?js$/.test(name))
      .filter((name) => readFileSync(`${DIST}${name}`, 'utf8').includes('function _objectSpread2('));
    expect(definers.some((name) => name.endsWith('.mjs'))).toBe(true);
    expect(definers.some((name) => name.endsWith('.cjs'))).toBe(true);
    for (const name of definers) expect(readFileSync(`${DIST}${name}`, 'utf8'), name).toContain(MARK);
  });

  it('still merges the context each middleware adds, keeps the rest, and hands the parsed input on', async () => {
    const tag = Symbol('tag');
    const t = initTRPC.context<{ requestId: string; [tag]?: string }>().create();
    const procedure = t.procedure
      .use(({ next }) => next({ ctx: { orgId: 'org_1' } }))
      .use(({ ctx, next }) => next({ ctx: { audit: `${ctx.orgId}:${ctx.requestId}` } }))
      .input(z.object({ id: z.string(), page: z.number().default(1) }))
      .query(({ ctx, input }) => ({ ctx: { requestId: ctx.requestId, orgId: ctx.orgId, audit: ctx.audit, tag: ctx[tag] }, input }));
    const router = t.router({ read: procedure });
    const caller = t.createCallerFactory(router)({ requestId: 'req_1', [tag]: 'kept' });
    await expect(caller.read({ id: 'itv_1' })).resolves.toEqual({
      ctx: { requestId: 'req_1', orgId: 'org_1', audit: 'org_1:req_1', tag: 'kept' },
      input: { id: 'itv_1', page: 1 },
    });
  });
});
