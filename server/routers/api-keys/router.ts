import { router } from '@/server/trpc';
import { createApiKeyProcedure } from './create-api-key';
import { listApiKeysProcedure } from './list-api-keys';
import { revokeApiKeyProcedure } from './revoke-api-key';

/** Dashboard only: API keys are managed by recruiters, never by another API key. */
export const apiKeysRouter = router({
  list: listApiKeysProcedure,
  create: createApiKeyProcedure,
  revoke: revokeApiKeyProcedure,
});
