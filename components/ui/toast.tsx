'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';

type Sonner = typeof import('sonner');
type Kind = 'success' | 'error';

/**
 * Toasts with sonner, loaded on the first toast rather than with every page (10 KB of compressed JavaScript that
 * most page views never use). A toast asked for before sonner is there waits in `pending`; <ToastHost /> (mounted
 * once, in the dashboard's providers) then loads sonner, mounts its <Toaster /> and shows what waited, in order.
 */
let shown: Sonner | null = null;
const pending: [Kind, string][] = [];
const listeners = new Set<() => void>();

function show(kind: Kind, message: string) {
  if (shown) {
    shown.toast[kind](message);
    return;
  }
  pending.push([kind, message]);
  for (const listener of listeners) listener();
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function ToastHost() {
  const wanted = useSyncExternalStore(subscribe, () => pending.length > 0 || shown !== null, () => false);
  const [sonner, setSonner] = useState<Sonner | null>(shown);
  useEffect(() => {
    if (wanted && !sonner) void import('sonner').then(setSonner);
  }, [wanted, sonner]);
  // After the Toaster's own effects (a child's run first): it listens now, so what waited can be shown.
  useEffect(() => {
    if (!sonner) return;
    shown = sonner;
    for (const [kind, message] of pending.splice(0)) sonner.toast[kind](message);
  }, [sonner]);
  return sonner ? <sonner.Toaster position="top-center" closeButton /> : null;
}
