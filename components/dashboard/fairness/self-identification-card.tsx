'use client';

import { ArrowRight } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';

type Settings = RouterOutputs['settings']['selfIdentification'];

/**
 * Settings → voluntary self-identification (bias audit). Off by default: an admin switches it on knowingly, since
 * the answers are special-category data (GDPR Art. 9), collected only to detect bias. The change is audited.
 */
export function SelfIdentificationCard({ initial }: { initial: Settings }) {
  const utils = trpc.useUtils();
  const [collect, setCollect] = useState(initial.collectSelfIdentification);
  const update = trpc.settings.updateSelfIdentification.useMutation({
    onSuccess: async (result) => {
      setCollect(result.collectSelfIdentification);
      await utils.settings.selfIdentification.invalidate();
    },
    // The box shows the choice at once; a refused change puts it back.
    onError: (_error, input) => setCollect(!input.collectSelfIdentification),
  });
  return (
    <Card>
      <CardHeader
        title="Bias audit: voluntary self-identification"
        description="When on, candidates are asked after their interview, optionally and with “prefer not to say”, for their sex and race/ethnicity, and API clients may record them (PUT /api/v1/candidates/{id}/self-identification). The answers are stored apart from the candidate, never shown to reviewers nor given to the AI, used only in the bias audit's totals, included in the candidate's access export and deleted with the candidate."
      />
      <CardContent className="grid gap-3 text-sm text-slate-700">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4"
            checked={collect}
            disabled={update.isPending}
            onChange={(e) => {
              setCollect(e.target.checked);
              update.mutate({ collectSelfIdentification: e.target.checked });
            }}
            data-testid="collect-self-identification"
          />
          Collect voluntary self-identification
        </label>
        <p role="status" className="text-slate-600">
          {collect ? 'On: candidates are asked after the interview.' : 'Off: candidates are not asked, and API writes are refused (409).'}
        </p>
        {update.error ? (
          <p role="alert" className="text-red-700">
            {contractError(update.error).message}
          </p>
        ) : null}
        <Button asChild variant="outline" className="justify-self-start">
          <Link href="/analytics/bias-audit">
            Open the bias audit <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
