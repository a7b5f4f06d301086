import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ExportIsland } from './campaign-settings';

/**
 * The campaign's results to export: the card is rendered on the server, its controls (streaming download,
 * progress) load after the page (campaign-settings.tsx).
 */
export function ExportCard({ campaignId, expected }: { campaignId: string; expected: { interviews: number; tests: number } }) {
  return (
    <Card>
      <CardHeader title="Export results" description="Completed interviews with their reports, and test results, as a spreadsheet (CSV) or JSON." />
      <CardContent className="grid gap-4">
        <ExportIsland campaignId={campaignId} expected={expected} />
      </CardContent>
    </Card>
  );
}
