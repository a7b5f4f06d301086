'use client';

import { ArrowRight } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { loadApi } from '@/components/trpc/use-api-action';
import type { RouterOutputs } from '@/components/trpc/react';
import { SettingToggleCard } from '../settings/setting-toggle-card';

type Settings = RouterOutputs['settings']['selfIdentification'];

/**
 * Settings → voluntary self-identification (bias audit). Off by default: an admin switches it on knowingly, since
 * the answers are special-category data (GDPR Art. 9), collected only to detect bias. The change is audited.
 */
export function SelfIdentificationCard({ initial }: { initial: Settings }) {
  return (
    <SettingToggleCard
      title="Bias audit: voluntary self-identification"
      description="When on, candidates are asked after their interview, optionally and with “prefer not to say”, for their sex and race/ethnicity, and API clients may record them (PUT /api/v1/candidates/{id}/self-identification). The answers are stored apart from the candidate, never shown to reviewers nor given to the AI, used only in the bias audit's totals, included in the candidate's access export and deleted with the candidate."
      label="Collect voluntary self-identification"
      initial={initial.collectSelfIdentification}
      save={async (collectSelfIdentification) => (await (await loadApi()).settings.updateSelfIdentification.mutate({ collectSelfIdentification })).collectSelfIdentification}
      status={(on) => (on ? 'On: candidates are asked after the interview.' : 'Off: candidates are not asked, and API writes are refused (409).')}
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
