'use client';

import { createContext, useContext, useTransition, type ReactNode, type TransitionStartFunction } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * A server-rendered list page: its filters, sort and page are URL state, and a change of URL renders the page again
 * on the server with the new rows. The navigations run in one transition, so the current rows stay on screen
 * (dimmed, `aria-busy`) until the new ones are in, as the list did while React Query fetched.
 */
type ListNavigation = { pending: boolean; startTransition: TransitionStartFunction };

const ListNavigationContext = createContext<ListNavigation | null>(null);

export function ListNavigationProvider({ children }: { children: ReactNode }) {
  const [pending, startTransition] = useTransition();
  return <ListNavigationContext.Provider value={{ pending, startTransition }}>{children}</ListNavigationContext.Provider>;
}

/** The provider's transition, or none outside a server-rendered list (client pages using useSearchState). */
export function useListNavigation(): ListNavigation | null {
  return useContext(ListNavigationContext);
}

/** The rows and pagination, dimmed and busy while the next URL's page is on its way. */
export function ListBusy({ children, className }: { children: ReactNode; className?: string }) {
  const pending = useListNavigation()?.pending ?? false;
  return (
    <div aria-busy={pending || undefined} data-pending={pending || undefined} className={cn(pending && '[&_tbody_tr]:opacity-60', className)}>
      {children}
    </div>
  );
}
