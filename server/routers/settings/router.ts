import { router } from '@/server/trpc';
import { getBrandSettingsProcedure, updateBrandSettingsProcedure } from './brand';
import { getCandidateEmailSettingsProcedure, updateCandidateEmailSettingsProcedure } from './candidate-emails';
import { getCandidateContactSettingsProcedure } from './get-candidate-contact-settings';
import { getIntegrationSettingsProcedure } from './get-integration-settings';
import { listErasureRequestsProcedure } from './erasure-requests';
import { getRetentionSettingsProcedure } from './get-retention-settings';
import { getOrganizationLanguageSettingsProcedure, updateOrganizationLanguageSettingsProcedure } from './organization-language';
import { getReviewBeforeAiSettingsProcedure, updateReviewBeforeAiSettingsProcedure } from './review-before-ai';
import { getSelfIdentificationSettingsProcedure } from '../fairness/get-self-identification-settings';
import { updateSelfIdentificationSettingsProcedure } from '../fairness/update-self-identification-settings';
import { getProviderSettingsProcedure, testProviderSettingsProcedure, updateProviderSettingsProcedure } from './providers';
import { updateCandidateContactSettingsProcedure } from './update-candidate-contact-settings';
import { updateRetentionSettingsProcedure } from './update-retention-settings';

/** Dashboard only: the organization's language; how this deployment is wired to the voice agent, email and report generation; data retention; the candidates' contact; the organization's AI providers; whether candidates are asked for voluntary self-identification. */
export const settingsRouter = router({
  integration: getIntegrationSettingsProcedure,
  organizationLanguage: getOrganizationLanguageSettingsProcedure,
  updateOrganizationLanguage: updateOrganizationLanguageSettingsProcedure,
  retention: getRetentionSettingsProcedure,
  updateRetention: updateRetentionSettingsProcedure,
  erasureRequests: listErasureRequestsProcedure,
  candidateContact: getCandidateContactSettingsProcedure,
  updateCandidateContact: updateCandidateContactSettingsProcedure,
  providers: getProviderSettingsProcedure,
  updateProviders: updateProviderSettingsProcedure,
  testProviders: testProviderSettingsProcedure,
  reviewBeforeAi: getReviewBeforeAiSettingsProcedure,
  updateReviewBeforeAi: updateReviewBeforeAiSettingsProcedure,
  selfIdentification: getSelfIdentificationSettingsProcedure,
  updateSelfIdentification: updateSelfIdentificationSettingsProcedure,
  brand: getBrandSettingsProcedure,
  updateBrand: updateBrandSettingsProcedure,
  candidateEmails: getCandidateEmailSettingsProcedure,
  updateCandidateEmails: updateCandidateEmailSettingsProcedure,
});
