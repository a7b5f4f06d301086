'use client';

import { BarChart3, LayoutDashboard, LogOut, Megaphone, Menu, Mic, Scale, Settings, Users, X } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { signOutAction } from '@/app/login/actions';
import { cn } from '@/components/ui/cn';
import type { UserRole } from '@/db/schema/users';
import { BrandMark } from './brand-mark';
import { READ_ONLY_REASON } from './role-context';
import { NotificationBell, NotificationPanel, useUnreadNotifications } from './notifications/notification-bell';
import { GlobalSearch } from './search/global-search';
import { KeyboardShortcuts } from './search/keyboard-shortcuts';
import { TimeZoneNote } from './time';

const NAV = [
  { href: '/overview', label: 'Overview', icon: LayoutDashboard },
  { href: '/interviews', label: 'Interviews', icon: Mic },
  { href: '/candidates', label: 'Candidates', icon: Users },
  { href: '/campaigns', label: 'Campaigns', icon: Megaphone },
  { href: '/analytics', label: 'Analytics', icon: BarChart3 },
  { href: '/analytics/bias-audit', label: 'Bias audit', icon: Scale },
  { href: '/settings', label: 'Settings', icon: Settings },
] as const;

export type ShellUser = { email: string; name: string | null; orgName: string; role: UserRole };

const ROLE_LABELS: Record<UserRole, string> = { admin: 'Admin', recruiter: 'Recruiter', viewer: 'Viewer' };

function SignOutButton({ compact = false }: { compact?: boolean }) {
  return (
    <form action={signOutAction}>
      <button
        type="submit"
        className={cn(
          'flex items-center gap-2 rounded-md text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900',
          compact ? 'p-2' : 'w-full px-3 py-2',
        )}
      >
        <LogOut className="size-4" aria-hidden />
        <span className={compact ? 'sr-only' : undefined}>Sign out</span>
      </button>
    </form>
  );
}

/**
 * The navigation on a phone: a "Menu" button (aria-expanded) opening the whole list below the header. Opening
 * moves the focus to the first link; Escape, a click outside or following a link closes it, the focus back on
 * the button after Escape.
 */
function PhoneMenu({ links, user }: { links: (className: string) => ReactNode; user: ShellUser }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [openedAt, setOpenedAt] = useState(pathname);
  // Following a link closes the menu (a new pathname while open).
  if (open && openedAt !== pathname) {
    setOpen(false);
    setOpenedAt(pathname);
  }
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="phone-menu"
        onClick={() => {
          setOpenedAt(pathname);
          setOpen((value) => !value);
        }}
        className="flex items-center gap-1.5 rounded-md p-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      >
        {open ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
        Menu
      </button>
      {open ? (
        <div ref={panel} id="phone-menu" className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-3 pb-3 pt-2 shadow-lg">
          <nav aria-label="Main" className="grid gap-1">
            {links('')}
          </nav>
          <div className="mt-2 border-t border-slate-200 pt-2">
            <p className="truncate px-3 py-1 text-xs text-slate-600">
              {user.name ?? user.email} · {user.orgName} · {ROLE_LABELS[user.role]}
            </p>
            <SignOutButton />
          </div>
        </div>
      ) : null}
    </>
  );
}

export function AppShell({ user, children }: { user: ShellUser; children: ReactNode }) {
  const pathname = usePathname();
  const unread = useUnreadNotifications();
  const [panelOpen, setPanelOpen] = useState(false);
  const isActive = (href: string) => pathname === href || pathname.startsWith(`${href}/`);
  const initials = (user.name ?? user.email)
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');

  const links = (className: string) =>
    NAV.map(({ href, label, icon: Icon }) => (
      <Link
        key={href}
        href={href}
        aria-current={isActive(href) ? 'page' : undefined}
        className={cn(
          'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
          isActive(href) ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
          className,
        )}
      >
        <Icon className={cn('size-4', isActive(href) ? 'text-brand-700' : 'text-slate-500')} aria-hidden />
        {label}
      </Link>
    ));

  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[15rem_1fr]">
      <a href="#content" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <div className="hidden border-r border-slate-200 bg-white lg:block">
        <aside className="sticky top-0 flex h-screen flex-col">
          <div className="flex h-16 items-center justify-between px-5">
            <Link href="/overview" aria-label="Screening — overview">
              <BrandMark />
            </Link>
            <NotificationBell unread={unread} open={panelOpen} onOpenChange={setPanelOpen} />
          </div>
          <nav aria-label="Main" className="grid gap-1 px-3 py-2">
            {links('')}
          </nav>
          <div className="mt-auto border-t border-slate-200 p-3">
            <div className="flex items-center gap-3 px-2 py-2">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700" aria-hidden>
                {initials}
              </span>
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{user.name ?? user.email}</p>
                <p className="truncate text-xs text-slate-600">
                  {user.orgName} · <span data-testid="shell-role">{ROLE_LABELS[user.role]}</span>
                </p>
              </div>
            </div>
            <SignOutButton />
          </div>
        </aside>
      </div>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur lg:hidden">
          <div className="flex h-14 items-center justify-between px-4">
            <BrandMark />
            <div className="flex items-center gap-1">
              <NotificationBell unread={unread} open={panelOpen} onOpenChange={setPanelOpen} />
              <PhoneMenu links={links} user={user} />
            </div>
          </div>
        </header>
        <NotificationPanel open={panelOpen} onOpenChange={setPanelOpen} unread={unread} />
        <div className="border-b border-slate-200 bg-white px-4 py-2 sm:px-6 lg:px-8">
          <GlobalSearch />
        </div>
        <KeyboardShortcuts />
        <main id="content" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          {user.role === 'viewer' ? (
            <p className="mb-4 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="read-only-notice">
              {READ_ONLY_REASON}
            </p>
          ) : null}
          {children}
        </main>
        <footer className="border-t border-slate-200 px-4 py-3 text-xs text-slate-600 sm:px-6 lg:px-8">
          <TimeZoneNote prefix="Times are shown in your time zone:" />
        </footer>
      </div>
    </div>
  );
}
