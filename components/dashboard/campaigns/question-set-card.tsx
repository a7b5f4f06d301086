'use client';

import { ListChecks } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { toast } from '@/components/ui/toast';
import { Card, CardHeader } from '@/components/ui/card';
import { contractError } from '@/components/trpc/errors';
import { trpc } from '@/components/trpc/react';
import { CatalogPicker } from '../catalog/catalog-picker';
import { useRole } from '../role-context';

/**
 * The campaign's question set, chosen once here: every invitation of the campaign uses it (a stage may name its
 * own). Recruiters change it in place; viewers read it.
 */
export function QuestionSetCard({ campaignId, config }: { campaignId: string; config: { id: string; name: string } | null }) {
  const { canEdit } = useRole();
  const utils = trpc.useUtils();
  const router = useRouter();
  const update = trpc.campaigns.update.useMutation({
    onSuccess: async () => {
      toast.success('Question set saved: new invitations use it');
      // The page is rendered on the server: the card's config comes back from there.
      router.refresh();
      await utils.dashboard.campaign.invalidate({ id: campaignId });
    },
    onError: (error) => toast.error(`Not saved: ${contractError(error).message}`),
  });
  return (
    <Card>
      <CardHeader title="Question set" description="Every invitation of this campaign uses it, unless its stage has its own." />
      <div className="grid gap-3 px-4 pb-4" data-testid="campaign-question-set">
        {canEdit ? (
          <CatalogPicker
            kind="interviewConfigs"
            label="Question set"
            idPrefix="cfg_"
            value={config?.id ?? ''}
            emptyLabel="Default questions"
            disabled={update.isPending}
            onChange={(id) => update.mutate({ id: campaignId, configId: id || null })}
          />
        ) : (
          <p className="text-sm text-slate-800">{config?.name ?? 'Default questions'}</p>
        )}
        {config ? (
          <Link href={`/campaigns/configurations/${config.id}`} className="inline-flex items-center gap-1 text-sm text-brand-700 underline underline-offset-2 hover:text-brand-800">
            <ListChecks className="size-4" aria-hidden /> Review the questions of “{config.name}”
          </Link>
        ) : (
          <p className="text-sm text-amber-800">No question set: candidates get two generic questions.</p>
        )}
      </div>
    </Card>
  );
}
