'use client';

import { Plus } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

function NewCampaignTrigger({ onClick, disabled }: { onClick?: () => void; disabled?: boolean }) {
  return (
    <Button variant="outline" aria-haspopup="dialog" onClick={onClick} disabled={disabled}>
      <Plus aria-hidden /> New campaign
    </Button>
  );
}

/** The form (a dialog with the job postings to pick from) loads on the first click, not with the list. */
const NewCampaignDialog = dynamic(() => import('./new-campaign-dialog'), { ssr: false, loading: () => <NewCampaignTrigger disabled /> });

/** "New campaign" on the campaigns list. */
export function NewCampaignButton() {
  const [wanted, setWanted] = useState(false);
  return wanted ? <NewCampaignDialog /> : <NewCampaignTrigger onClick={() => setWanted(true)} />;
}
