import { listApiKeys } from '@/server/services/api-keys/list-api-keys';
import { ApiKeySchema, ListApiKeysInputSchema } from '@/server/services/api-keys/api-key-schemas';
import { paginatedSchema } from '@/server/services/pagination';
import { recruiterProcedure } from '@/server/trpc';

export const listApiKeysProcedure = recruiterProcedure
  .input(ListApiKeysInputSchema)
  .output(paginatedSchema(ApiKeySchema))
  .query(({ ctx, input }) => listApiKeys(ctx.db, { orgId: ctx.orgId, ...input }));
