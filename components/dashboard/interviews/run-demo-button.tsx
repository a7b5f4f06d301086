'use client';

import { Bot } from 'lucide-react';
import dynamic from 'next/dynamic';
import { Button } from '@/components/ui/button';
import { useLazyDialog } from '@/components/ui/use-lazy-dialog';

/** The confirmation dialog loads on the first click, not with the list. */
const RunDemoDialog = dynamic(() => import('./run-demo-dialog'), { ssr: false });

/**
 * "Run a demo interview": a sample candidate in a sample campaign, played by the simulated agent; never a real
 * candidate's interview. Opens the new interview, whose transcript fills in live.
 */
export function RunDemoButton() {
  const dialog = useLazyDialog();
  return (
    <>
      <Button
        variant="outline"
        aria-haspopup="dialog"
        onClick={dialog.show}
        data-testid="run-demo"
      >
        <Bot aria-hidden /> Run a demo interview
      </Button>
      {dialog.mounted ? <RunDemoDialog open={dialog.open} onOpenChange={dialog.setOpen} /> : null}
    </>
  );
}
