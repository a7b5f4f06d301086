import type { ComponentProps } from 'react';
import { cn } from './cn';

const BADGE_BASE = 'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3';

const BADGE_TONES = {
  neutral: 'border-slate-200 bg-slate-100 text-slate-700',
  brand: 'border-brand-200 bg-brand-50 text-brand-800',
  blue: 'border-sky-200 bg-sky-50 text-sky-800',
  amber: 'border-amber-200 bg-amber-50 text-amber-900',
  green: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  red: 'border-red-200 bg-red-50 text-red-800',
  violet: 'border-violet-200 bg-violet-50 text-violet-800',
} as const;

export type BadgeTone = keyof typeof BADGE_TONES;

/** A badge's classes (plain maps, as button.tsx, for the pages' client islands). */
export function badgeVariants({ tone }: { tone?: BadgeTone | null } = {}): string {
  return `${BADGE_BASE} ${BADGE_TONES[tone ?? 'neutral']}`;
}

export type BadgeProps = ComponentProps<'span'> & { tone?: BadgeTone | null };

export function Badge({ className, tone, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
