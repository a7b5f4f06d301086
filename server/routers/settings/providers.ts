import { z } from 'zod';
import {
  ProviderSettingsSchema,
  ProviderTestResultsSchema,
  TestProvidersInputSchema,
  UpdateProviderSettingsInputSchema,
} from '@/server/services/providers/provider-schemas';
import { getProviderSettings, updateProviderSettings } from '@/server/services/providers/provider-settings';
import { testProviders } from '@/server/services/providers/test-providers';
import { adminProcedure } from '@/server/trpc';

/** Settings → AI providers (CONTRACT §16), admins only; keys are write-only. Not in REST v1: a dashboard setting. */
export const getProviderSettingsProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(ProviderSettingsSchema)
  .query(({ ctx }) => getProviderSettings(ctx.db, { orgId: ctx.orgId }));

export const updateProviderSettingsProcedure = adminProcedure
  .input(UpdateProviderSettingsInputSchema)
  .output(ProviderSettingsSchema)
  .mutation(({ ctx, input }) => updateProviderSettings(ctx.db, { orgId: ctx.orgId, changes: input, audit: ctx.audit }));

/** A mutation although it changes nothing: it makes paid calls to the providers, so never on a GET or a prefetch. */
export const testProviderSettingsProcedure = adminProcedure
  .input(TestProvidersInputSchema)
  .output(ProviderTestResultsSchema)
  .mutation(({ ctx, input }) => testProviders(ctx.db, { orgId: ctx.orgId, kinds: input?.kinds }));
