'use client';

import { useState } from 'react';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { SettingToggleCard } from './setting-toggle-card';

type ReviewBeforeAi = RouterOutputs['settings']['reviewBeforeAi'];

/** The organization's "review before you see the AI" mode: saved as soon as the box is ticked or cleared. */
export function ReviewBeforeAiCard({ initial }: { initial: ReviewBeforeAi }) {
  const utils = trpc.useUtils();
  const [enabled, setEnabled] = useState(initial.reviewBeforeAi);
  const [saved, setSaved] = useState(false);
  const update = trpc.settings.updateReviewBeforeAi.useMutation({
    onMutate: () => setSaved(false),
    onSuccess: async (result) => {
      setEnabled(result.reviewBeforeAi);
      setSaved(true);
      await utils.settings.reviewBeforeAi.invalidate();
    },
    onError: () => setEnabled((value) => !value),
  });
  return (
    <SettingToggleCard
      title="Review before you see the AI"
      description="Guards against automation bias: each reviewer scores an interview on their own before the AI's scores, summary and advice are shown to them."
      label="Hide the AI’s evaluation of an interview from each reviewer until they have saved their own review of it."
      checked={enabled}
      pending={update.isPending}
      onChange={(checked) => {
        setEnabled(checked);
        update.mutate({ reviewBeforeAi: checked });
      }}
      status={saved ? `Saved: ${enabled ? 'reviewers now score before they see the AI.' : 'the AI’s evaluation is shown to everyone again.'}` : null}
      error={update.error ? contractError(update.error).message : null}
    />
  );
}
