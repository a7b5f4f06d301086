import { ListChecks } from 'lucide-react';
import Link from 'next/link';
import { Card, CardHeader } from '@/components/ui/card';
import type { ServerCatalogOptions } from '../catalog/list-catalog';
import { QuestionSetPicker } from './question-set-picker';

/**
 * The campaign's question set, chosen once here: every invitation of the campaign uses it (a stage may name its
 * own). Rendered on the server; recruiters change it with a native select over the configurations the page read
 * (`catalog`), viewers read it.
 */
export function QuestionSetCard({ campaignId, config, catalog }: { campaignId: string; config: { id: string; name: string } | null; catalog: ServerCatalogOptions | null }) {
  return (
    <Card>
      <CardHeader title="Question set" description="Every invitation of this campaign uses it, unless its stage has its own." />
      <div className="grid gap-3 px-4 pb-4" data-testid="campaign-question-set">
        {catalog ? null : <p className="text-sm text-slate-800">{config?.name ?? 'Default questions'}</p>}
        {/* The current choice first, as text (a select's options are not what is read on the page). */}
        {config ? (
          <Link href={`/campaigns/configurations/${config.id}`} className="inline-flex items-center gap-1 text-sm text-brand-700 underline underline-offset-2 hover:text-brand-800">
            <ListChecks className="size-4" aria-hidden /> Review the questions of “{config.name}”
          </Link>
        ) : (
          <p className="text-sm text-amber-800">No question set: candidates get two generic questions.</p>
        )}
        {catalog ? (
          // Keyed by the saved choice: the select shows the server's value again after a save (or a refusal).
          <QuestionSetPicker key={config?.id ?? ''} campaignId={campaignId} configId={config?.id ?? ''} catalog={catalog} />
        ) : null}
      </div>
    </Card>
  );
}
