'use client';

import { Bot } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** The confirmation dialog loads on the first click, not with the list. */
const RunDemoDialog = dynamic(() => import('./run-demo-dialog'), { ssr: false });

/**
 * "Run a demo interview": a sample candidate in a sample campaign, played by the simulated agent; never a real
 * candidate's interview. Opens the new interview, whose transcript fills in live.
 */
export function RunDemoButton() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        data-testid="run-demo"
      >
        <Bot aria-hidden /> Run a demo interview
      </Button>
      {wanted ? <RunDemoDialog open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
