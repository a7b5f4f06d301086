'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { UserRole } from '@/db/schema/users';

/**
 * The signed-in user's role, for the UI to hide what it cannot use. The server refuses it anyway (every
 * procedure checks the role): this only keeps buttons that could only fail off the screen.
 */
const RoleContext = createContext<UserRole>('viewer');

export function RoleProvider({ role, children }: { role: UserRole; children: ReactNode }) {
  return <RoleContext.Provider value={role}>{children}</RoleContext.Provider>;
}

export function useRole() {
  const role = useContext(RoleContext);
  return { role, canEdit: role !== 'viewer', isAdmin: role === 'admin' };
}

/** Shown to recruiters and admins only: every control that changes candidates, interviews, jobs or campaigns. */
export function RecruiterOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useRole().canEdit ? children : fallback;
}

/** Shown to admins only: team, API keys, settings, webhooks, audit log, mailbox, erasure. */
export function AdminOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useRole().isAdmin ? children : fallback;
}

export const READ_ONLY_REASON = 'You have read-only access (viewer). Ask an admin for the recruiter role to make changes.';
