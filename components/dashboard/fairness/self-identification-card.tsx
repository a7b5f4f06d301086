'use client';

import { ArrowRight } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { SettingToggleCard } from '../settings/setting-toggle-card';

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
    <SettingToggleCard
      title="Bias audit: voluntary self-identification"
      description="When on, candidates are asked after their interview, optionally and with “prefer not to say”, for their sex and race/ethnicity, and API clients may record them (PUT /api/v1/candidates/{id}/self-identification). The answers are stored apart from the candidate, never shown to reviewers nor given to the AI, used only in the bias audit's totals, included in the candidate's access export and deleted with the candidate."
      label="Collect voluntary self-identification"
      checked={collect}
      pending={update.isPending}
      onChange={(checked) => {
        setCollect(checked);
        update.mutate({ collectSelfIdentification: checked });
      }}
      status={collect ? 'On: candidates are asked after the interview.' : 'Off: candidates are not asked, and API writes are refused (409).'}
      error={update.error ? contractError(update.error).message : null}
      testId="collect-self-identification"
    >
      <Button asChild variant="outline" className="justify-self-start">
        <Link href="/analytics/bias-audit">
          Open the bias audit <ArrowRight aria-hidden />
        </Link>
      </Button>
    </SettingToggleCard>
  );
}
