'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';

const SECTIONS = [
  { href: '/campaigns', label: 'Campaigns' },
  { href: '/campaigns/jobs', label: 'Job postings' },
  { href: '/campaigns/configurations', label: 'Interview configurations' },
] as const;

/** The hiring setup's three lists, as tabs under the page title. */
export function CampaignsNav() {
  const pathname = usePathname();
  const current = (href: string) => (href === '/campaigns' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`));
  return (
    <nav aria-label="Hiring setup" className="-mt-2 mb-6 overflow-x-auto border-b border-slate-200">
      <ul className="flex min-w-max gap-1">
        {SECTIONS.map(({ href, label }) => (
          <li key={href}>
            <Link
              href={href}
              aria-current={current(href) ? 'page' : undefined}
              className={cn(
                '-mb-px inline-flex border-b-2 px-3 py-2 text-sm font-medium transition-colors',
                current(href) ? 'border-brand-600 text-brand-800' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
