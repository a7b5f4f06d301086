import { revokeApiKey } from '@/server/services/api-keys/revoke-api-key';
import { RevokeApiKeyInputSchema, RevokedApiKeySchema } from '@/server/services/api-keys/api-key-schemas';
import { adminProcedure } from '@/server/trpc';

export const revokeApiKeyProcedure = adminProcedure
  .input(RevokeApiKeyInputSchema)
  .output(RevokedApiKeySchema)
  .mutation(({ ctx, input }) => revokeApiKey(ctx.db, { orgId: ctx.orgId, id: input.id, audit: ctx.audit }));
