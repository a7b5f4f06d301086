'use client';

import { useRouter } from 'next/navigation';
import type { Api } from '@/components/trpc/api-client';
import { useApiAction } from '@/components/trpc/use-api-action';
import { ConfirmActionDialog } from '../confirm-action-dialog';

const runDemo = (api: Api, input: Record<string, never>) => api.interviews.runDemo.mutate(input);

/** The demo's confirmation, loaded on the first click of "Run a demo interview" (run-demo-button.tsx). */
export default function RunDemoDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const router = useRouter();
  const demo = useApiAction(runDemo, {
    refresh: false,
    onSuccess: (data) => {
      onOpenChange(false);
      router.push(`/interviews/${data.id}`);
    },
  });
  return (
    <ConfirmActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Run a demo interview?"
      description="A simulated agent plays both the interviewer and a sample candidate with scripted answers, in a demo campaign of its own, so you can see a transcript, scorecard and report. No real candidate is touched, and the demo is left out of rankings, analytics, exports and webhooks."
      confirmLabel="Run the demo"
      pending={demo.pending}
      onConfirm={() => void demo.run({})}
    >
      {demo.error ? (
        <p role="alert" className="text-sm text-red-700">
          {demo.error.message}
        </p>
      ) : null}
    </ConfirmActionDialog>
  );
}
