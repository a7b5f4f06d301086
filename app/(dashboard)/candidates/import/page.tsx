import { ImportCandidatesPage } from '@/components/dashboard/candidates/import-candidates-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Import candidates · Interview screening' };

export default function Page() {
  return <ImportCandidatesPage />;
}
