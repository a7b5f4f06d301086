'use client';

import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';

/** An unexpected failure while rendering a dashboard page: no internals, a way to try again. */
export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <Card className="mt-10">
      <ErrorState
        title="This page could not be loaded"
        message="The server hit an error. Trying again usually helps; if it keeps happening, give the reference below to your administrator."
        requestId={error.digest}
        onRetry={reset}
      />
    </Card>
  );
}
