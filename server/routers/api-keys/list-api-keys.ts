import { listApiKeys } from '@/server/services/api-keys/list-api-keys';
import { ApiKeySchema, ListApiKeysInputSchema } from '@/server/services/api-keys/api-key-schemas';
import { paginatedSchema } from '@/server/services/pagination';
import { adminProcedure } from '@/server/trpc';

export const listApiKeysProcedure = adminProcedure
  .input(ListApiKeysInputSchema)
  .output(paginatedSchema(ApiKeySchema))
  .query(({ ctx, input }) => listApiKeys(ctx.db, { orgId: ctx.orgId, ...input }));
