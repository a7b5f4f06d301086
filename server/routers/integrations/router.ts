import { router } from '@/server/trpc';
import {
  createCredentialProcedure,
  createTestMappingProcedure,
  getIntegrationProcedure,
  interviewSourceProcedure,
  leverStagesProcedure,
  retryWritebackProcedure,
  revokeCredentialProcedure,
  setCredentialSecretsProcedure,
  updateTestMappingProcedure,
} from './integration-procedures';

/** Dashboard only (not REST v1): the ATS integrations of the organization. */
export const integrationsRouter = router({
  get: getIntegrationProcedure,
  createCredential: createCredentialProcedure,
  revokeCredential: revokeCredentialProcedure,
  setCredentialSecrets: setCredentialSecretsProcedure,
  createTestMapping: createTestMappingProcedure,
  updateTestMapping: updateTestMappingProcedure,
  retryWriteback: retryWritebackProcedure,
  interviewSource: interviewSourceProcedure,
  leverStages: leverStagesProcedure,
});
