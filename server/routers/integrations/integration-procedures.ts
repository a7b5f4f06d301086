import { z } from 'zod';
import { createAtsCredential, revokeAtsCredential, setAtsCredentialSecrets } from '@/server/services/integrations/ats-credentials';
import { retryAtsWriteback } from '@/server/services/integrations/ats-writebacks';
import { getInterviewAtsSource } from '@/server/services/integrations/get-ats-order';
import { getIntegrationOverview } from '@/server/services/integrations/get-integration-overview';
import {
  ATS_LABELS,
  AtsCredentialSchema,
  AtsIdInputSchema,
  AtsWritebackSchema,
  CreateAtsCredentialInputSchema,
  CreatedAtsCredentialSchema,
  IntegrationOverviewSchema,
  LeverStagesInputSchema,
  LeverStagesSchema,
  InterviewSourceSchema,
  ListAtsInputSchema,
  SaveTestMappingInputSchema,
  SetAtsCredentialSecretsInputSchema,
  TestMappingSchema,
  UpdateTestMappingInputSchema,
} from '@/server/services/integrations/integration-schemas';
import { createTestMapping, updateTestMapping } from '@/server/services/integrations/test-mappings';
import { listLeverStages } from '@/server/services/integrations/lever/list-lever-stages';
import { adminProcedure, memberProcedure } from '@/server/trpc';
import { idString } from '@/server/services/fields';

/** Settings → Integrations (CONTRACT §15), admins only, dashboard only: credentials, test mappings, write-backs, log. */
export const getIntegrationProcedure = adminProcedure
  .input(ListAtsInputSchema)
  .output(IntegrationOverviewSchema)
  .query(({ ctx, input }) => getIntegrationOverview(ctx.db, { orgId: ctx.orgId, ats: input.ats }));

/** The key is in this answer only. */
export const createCredentialProcedure = adminProcedure
  .input(CreateAtsCredentialInputSchema)
  .output(CreatedAtsCredentialSchema)
  .mutation(({ ctx, input }) => createAtsCredential(ctx.db, { orgId: ctx.orgId, ats: input.ats, name: input.name, apiKey: input.apiKey, signingSecret: input.signingSecret, audit: ctx.audit }));

/** Lever's signature token (shown by Lever once the webhook exists) or a new API key, given after the connection. */
export const setCredentialSecretsProcedure = adminProcedure
  .input(SetAtsCredentialSecretsInputSchema)
  .output(AtsCredentialSchema)
  .mutation(({ ctx, input }) => setAtsCredentialSecrets(ctx.db, { orgId: ctx.orgId, id: input.id, apiKey: input.apiKey, signingSecret: input.signingSecret, audit: ctx.audit }));

/** The customer's Lever stages (read from Lever with the integration's API key), to map a test to one of them. */
export const leverStagesProcedure = adminProcedure
  .input(LeverStagesInputSchema)
  .output(LeverStagesSchema)
  .query(({ ctx, input }) => listLeverStages(ctx.db, { orgId: ctx.orgId, credentialId: input.credentialId }));

export const revokeCredentialProcedure = adminProcedure
  .input(AtsIdInputSchema)
  .output(AtsCredentialSchema)
  .mutation(({ ctx, input }) => revokeAtsCredential(ctx.db, { orgId: ctx.orgId, id: input.id, audit: ctx.audit }));

export const createTestMappingProcedure = adminProcedure
  .input(SaveTestMappingInputSchema)
  .output(TestMappingSchema)
  .mutation(({ ctx, input }) => createTestMapping(ctx.db, { orgId: ctx.orgId, audit: ctx.audit, ...input }));

export const updateTestMappingProcedure = adminProcedure
  .input(UpdateTestMappingInputSchema)
  .output(TestMappingSchema)
  .mutation(({ ctx, input }) => updateTestMapping(ctx.db, { orgId: ctx.orgId, audit: ctx.audit, ...input }));

export const retryWritebackProcedure = adminProcedure
  .input(AtsIdInputSchema)
  .output(AtsWritebackSchema)
  .mutation(({ ctx, input }) => retryAtsWriteback(ctx.db, { orgId: ctx.orgId, id: input.id, audit: ctx.audit }));

/** Which ATS ordered an interview, for its page ("Source: Greenhouse"); anyone who may read the interview. */
export const interviewSourceProcedure = memberProcedure
  .input(z.strictObject({ interviewId: idString('Interview id (itv_…).') }))
  .output(InterviewSourceSchema)
  .query(async ({ ctx, input }) => {
    const source = await getInterviewAtsSource(ctx.db, { orgId: ctx.orgId, interviewId: input.interviewId });
    return source ? { ...source, label: ATS_LABELS[source.ats] } : null;
  });
