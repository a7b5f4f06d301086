'use client';

import { loadApi } from '@/components/trpc/use-api-action';
import type { RouterOutputs } from '@/components/trpc/react';
import { SettingToggleCard } from './setting-toggle-card';

type ReviewBeforeAi = RouterOutputs['settings']['reviewBeforeAi'];

/** The organization's "review before you see the AI" mode: saved as soon as the box is ticked or cleared. */
export function ReviewBeforeAiCard({ initial }: { initial: ReviewBeforeAi }) {
  return (
    <SettingToggleCard
      title="Review before you see the AI"
      description="Guards against automation bias: each reviewer scores an interview on their own before the AI's scores, summary and advice are shown to them."
      label="Hide the AI’s evaluation of an interview from each reviewer until they have saved their own review of it."
      initial={initial.reviewBeforeAi}
      save={async (reviewBeforeAi) => (await (await loadApi()).settings.updateReviewBeforeAi.mutate({ reviewBeforeAi })).reviewBeforeAi}
      status={(on, saved) => (saved ? `Saved: ${on ? 'reviewers now score before they see the AI.' : 'the AI’s evaluation is shown to everyone again.'}` : null)}
    />
  );
}
