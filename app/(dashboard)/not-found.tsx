import { SearchX } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

/** Missing ids and other organizations' ids look the same: nothing says whether the record exists elsewhere. */
export default function NotFound() {
  return (
    <Card className="mt-10">
      <EmptyState
        icon={SearchX}
        title="Page not found"
        description="There is nothing at this address in your organization. The link may be mistyped, or the record may belong to another organization."
        action={
          <Button asChild variant="outline">
            <Link href="/overview">Back to the overview</Link>
          </Button>
        }
        className="py-16"
      />
      <h1 className="sr-only">404: page not found</h1>
    </Card>
  );
}
