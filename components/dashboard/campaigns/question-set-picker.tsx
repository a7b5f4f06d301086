'use client';

import { toast } from '@/components/ui/toast';
import type { Api } from '@/components/trpc/api-client';
import { useApiAction } from '@/components/trpc/use-api-action';
import { CatalogSelect } from '../catalog/catalog-select';
import type { ServerCatalogOptions } from '../catalog/list-catalog';

const setQuestionSet = (api: Api, input: { id: string; configId: string | null }) => api.campaigns.update.mutate(input);

/** The campaign's question set, changed in place: a native select over the configurations the page read. */
export function QuestionSetPicker({ campaignId, configId, catalog }: { campaignId: string; configId: string; catalog: ServerCatalogOptions }) {
  const update = useApiAction(setQuestionSet, {
    onSuccess: () => toast.success('Question set saved: new invitations use it'),
    onError: (error) => toast.error(`Not saved: ${error.message}`),
  });
  return (
    // Disabled while saving and until the page renders the saved choice again.
    <fieldset disabled={update.pending} className="contents">
      <CatalogSelect
        label="Question set"
        idPrefix="cfg_"
        value={configId}
        emptyLabel="Default questions"
        catalog={catalog}
        onChange={(id) => void update.run({ id: campaignId, configId: id || null })}
      />
    </fieldset>
  );
}
