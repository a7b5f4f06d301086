import { SELF_IDENTIFICATION_COPY } from '@/components/candidate/self-identification-copy';
import type { CategoryLabels } from './bias-audit-labels';

/** The English words candidates answered with, read on the server (the copy module carries every language). */
export const BIAS_AUDIT_CATEGORY_LABELS: CategoryLabels = { sex: { ...SELF_IDENTIFICATION_COPY.en.sex }, race: { ...SELF_IDENTIFICATION_COPY.en.race } };
