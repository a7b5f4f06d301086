import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { router, publicProcedure } from '@/server/trpc';
import { pinBodyInputsStrict } from './strict-body-inputs';

/** What trpc-to-openapi does to every input's shape on each call. */
function coerceLikeTheLibrary(schema: z.ZodObject): void {
  for (const field of Object.values(schema.shape)) {
    let inner: any = field;
    while (['optional', 'nullable', 'default', 'prefault'].includes(inner._zod.def.type)) inner = inner._zod.def.innerType;
    inner._def.coerce = true;
  }
}

describe('pinBodyInputsStrict', () => {
  it('keeps body fields strict after the library turns coercion on, and leaves query fields (shared ones included) converting', () => {
    const page = z.number().int().default(1);
    const bodyInput = z.strictObject({ sendInvite: z.boolean().default(true), count: z.number().optional(), page });
    const queryInput = z.strictObject({ page, pageSize: z.number().default(20) });
    const testRouter = router({
      create: publicProcedure.meta({ openapi: { method: 'POST', path: '/things' } }).input(bodyInput).output(z.any()).mutation(() => null),
      list: publicProcedure.meta({ openapi: { method: 'GET', path: '/things' } }).input(queryInput).output(z.any()).query(() => null),
    });
    pinBodyInputsStrict(testRouter as any);
    coerceLikeTheLibrary(bodyInput);
    coerceLikeTheLibrary(queryInput);

    expect(bodyInput.safeParse({ sendInvite: 'false' }).success).toBe(false);
    expect(bodyInput.safeParse({ sendInvite: null }).success).toBe(false);
    expect(bodyInput.safeParse({ count: '3' }).success).toBe(false);
    expect(bodyInput.parse({ sendInvite: false, count: 3 })).toMatchObject({ sendInvite: false, count: 3 });
    expect(queryInput.parse({ page: '2', pageSize: '5' })).toEqual({ page: 2, pageSize: 5 });
  });
});
