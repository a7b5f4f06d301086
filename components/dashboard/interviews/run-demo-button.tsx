'use client';

import { Bot } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { contractError } from '@/components/trpc/errors';
import { trpc } from '@/components/trpc/react';
import { ConfirmActionDialog } from '../confirm-action-dialog';

/**
 * "Run a demo interview": a sample candidate in a sample campaign, played by the simulated agent; never a real
 * candidate's interview. Opens the new interview, whose transcript fills in live.
 */
export function RunDemoButton() {
  const router = useRouter();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const demo = trpc.interviews.runDemo.useMutation({
    onSuccess: async (data) => {
      setOpen(false);
      await utils.dashboard.interviews.invalidate();
      router.push(`/interviews/${data.id}`);
    },
    onError: (e) => setError(contractError(e).message),
  });
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="run-demo">
        <Bot aria-hidden /> Run a demo interview
      </Button>
      <ConfirmActionDialog
        open={open}
        onOpenChange={setOpen}
        title="Run a demo interview?"
        description="A simulated agent plays both the interviewer and a sample candidate with scripted answers, in a demo campaign of its own, so you can see a transcript, scorecard and report. No real candidate is touched, and the demo is left out of rankings, analytics, exports and webhooks."
        confirmLabel="Run the demo"
        pending={demo.isPending}
        onConfirm={() => {
          setError(null);
          demo.mutate({});
        }}
      >
        {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
      </ConfirmActionDialog>
    </>
  );
}
