import type { ReactNode } from 'react';
import { SettingsNav } from '@/components/dashboard/settings/settings-nav';

/** Every settings page: its sub-navigation beside (desktop) or above (phone) the page. Pages read their data on the server; a page that still uses React Query mounts <Providers> itself. */
export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
      <div className="border-b border-slate-200 pb-4 lg:border-b-0 lg:border-r lg:pb-0 lg:pr-4">
        <SettingsNav />
      </div>
      <div className="min-w-0">
        {children}
      </div>
    </div>
  );
}
