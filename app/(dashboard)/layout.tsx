import type { ReactNode } from 'react';
import { getDb } from '@/db/client';
import { AppShell } from '@/components/dashboard/app-shell';
import { RoleProvider } from '@/components/dashboard/role-context';
import { requireRecruiter } from '@/server/http/dashboard-session';
import { getSessionUser } from '@/server/services/auth/get-session-principal';
import { ToastHost } from '@/components/ui/toast';

export const dynamic = 'force-dynamic';

/**
 * Every dashboard page: signed-out visitors go to /login. The API checks the session again on every call, so
 * this redirect is for the visitor's convenience, not the security boundary. No data layer here: pages whose data
 * the server renders do without one, and the others mount `Providers` themselves (components/trpc/providers.tsx).
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const principal = await requireRecruiter();
  const user = await getSessionUser(getDb(), principal);
  return (
    <RoleProvider role={user.role}>
      <AppShell user={{ email: user.email, name: user.name, orgName: user.orgName, role: user.role }}>{children}</AppShell>
      <ToastHost />
    </RoleProvider>
  );
}
