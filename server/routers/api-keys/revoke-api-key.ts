import { revokeApiKey } from '@/server/services/api-keys/revoke-api-key';
import { RevokeApiKeyInputSchema, RevokedApiKeySchema } from '@/server/services/api-keys/api-key-schemas';
import { recruiterProcedure } from '@/server/trpc';

export const revokeApiKeyProcedure = recruiterProcedure
  .input(RevokeApiKeyInputSchema)
  .output(RevokedApiKeySchema)
  .mutation(({ ctx, input }) => revokeApiKey(ctx.db, { orgId: ctx.orgId, id: input.id }));
