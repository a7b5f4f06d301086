'use client';

import { useState } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';

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
    <Card>
      <CardHeader
        title="Review before you see the AI"
        description="Guards against automation bias: each reviewer scores an interview on their own before the AI's scores, summary and advice are shown to them."
      />
      <CardContent className="grid gap-2">
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-4"
            checked={enabled}
            disabled={update.isPending}
            onChange={(e) => {
              setEnabled(e.target.checked);
              update.mutate({ reviewBeforeAi: e.target.checked });
            }}
          />
          <span>Hide the AI&apos;s evaluation of an interview from each reviewer until they have saved their own review of it.</span>
        </label>
        {saved ? (
          <p role="status" className="text-sm text-green-700">
            Saved: {enabled ? 'reviewers now score before they see the AI.' : 'the AI’s evaluation is shown to everyone again.'}
          </p>
        ) : null}
        {update.error ? (
          <p role="alert" className="text-sm text-red-700">
            Not saved: {contractError(update.error).message}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
