'use client';

import { Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Providers } from '@/components/trpc/providers';
import { CampaignFormDialog } from './campaign-form-dialog';

/**
 * The campaigns list's "New campaign", loaded on its first click (new-campaign-button.tsx) with the data layer the
 * form needs (the list page, rendered on the server, has none). The click that loaded it opens it.
 */
export default function NewCampaignDialog() {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => trigger.current?.click(), []);
  return (
    <Providers>
      <CampaignFormDialog
        trigger={
          <Button ref={trigger} variant="outline">
            <Plus aria-hidden /> New campaign
          </Button>
        }
      />
    </Providers>
  );
}
