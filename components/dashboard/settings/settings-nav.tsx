'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';
import { useRole } from '../role-context';

type Entry = { href: string; label: string; admin?: boolean };

/**
 * Settings, split into what a recruiter looks for (their account, the candidates' experience, the team, their
 * notifications, the data kept) and, under their own heading, what a developer wires (API keys, webhooks, the
 * agent, AI providers, applicant tracking systems). Admin-only pages are listed to admins only.
 */
export const SETTINGS_SECTIONS: { heading: string; entries: Entry[] }[] = [
  {
    heading: 'Settings',
    entries: [
      { href: '/settings', label: 'General' },
      { href: '/settings/candidate-experience', label: 'Candidate experience', admin: true },
      { href: '/settings/team', label: 'Team', admin: true },
      { href: '/settings/notifications', label: 'Notifications' },
      { href: '/settings/privacy', label: 'Data & privacy', admin: true },
      { href: '/settings/audit', label: 'Audit log', admin: true },
    ],
  },
  {
    heading: 'Developers',
    entries: [
      { href: '/settings/developers', label: 'API keys & AI', admin: true },
      { href: '/settings/webhooks', label: 'Webhooks', admin: true },
      { href: '/settings/integrations', label: 'ATS integrations', admin: true },
    ],
  },
];

export function SettingsNav() {
  const pathname = usePathname();
  const { isAdmin } = useRole();
  // The local mailbox belongs with the developers' pages (email delivery), reached from "API keys & AI".
  const current = (href: string) => pathname === href || (href === '/settings/developers' && pathname === '/settings/mailbox');
  return (
    <nav aria-label="Settings" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 lg:content-start">
      {SETTINGS_SECTIONS.map((section) => {
        const entries = section.entries.filter((e) => isAdmin || !e.admin);
        if (entries.length === 0) return null;
        const id = `settings-nav-${section.heading.toLowerCase()}`;
        return (
          <div key={section.heading} className="min-w-0">
            <p id={id} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
              {section.heading}
            </p>
            <ul aria-labelledby={id} className="flex flex-wrap gap-1 lg:grid">
              {entries.map((e) => (
                <li key={e.href}>
                  <Link
                    href={e.href}
                    aria-current={current(e.href) ? 'page' : undefined}
                    className={cn(
                      'block rounded-md px-3 py-1.5 text-sm font-medium',
                      current(e.href) ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                    )}
                  >
                    {e.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
