import { createApiKey } from '@/server/services/api-keys/create-api-key';
import { CreateApiKeyInputSchema, CreatedApiKeySchema } from '@/server/services/api-keys/api-key-schemas';
import { adminProcedure } from '@/server/trpc';

/** The response carries the plaintext key; it is never stored and no later call can show it again. */
export const createApiKeyProcedure = adminProcedure
  .input(CreateApiKeyInputSchema)
  .output(CreatedApiKeySchema)
  .mutation(({ ctx, input }) => createApiKey(ctx.db, { orgId: ctx.orgId, name: input.name, scopes: input.scopes, audit: ctx.audit }));
