import { z } from 'zod';
import { getBrandSettings, updateBrand } from '@/server/services/branding/brand';
import { BrandSettingsSchema, UpdateBrandInputSchema } from '@/server/services/branding/brand-schemas';
import { adminProcedure } from '@/server/trpc';

/** Dashboard only, admins: the employer's brand shown to candidates (display name, logo, accent colour). */
export const getBrandSettingsProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(BrandSettingsSchema)
  .query(({ ctx }) => getBrandSettings(ctx.db, { orgId: ctx.orgId }));

export const updateBrandSettingsProcedure = adminProcedure
  .input(UpdateBrandInputSchema)
  .output(BrandSettingsSchema)
  .mutation(({ ctx, input }) => updateBrand(ctx.db, { orgId: ctx.orgId, brand: input, audit: ctx.audit }));
