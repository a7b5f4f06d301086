'use client';

import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * Button, badge and labelled-field markup for the client islands of the server-rendered list pages, without the
 * libraries behind components/ui's Button (class-variance-authority, Radix Slot), Badge and Field (Radix Label):
 * together ~3 KB of compressed JavaScript on a list page whose own budget is ~6 KB (docs/DECISIONS.md). The
 * classes are the same strings: light-controls.test.ts checks them against buttonVariants and badgeVariants.
 */
const BUTTON_BASE =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0';
export const BUTTON_VARIANTS = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  outline: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  link: 'text-brand-700 underline-offset-4 hover:underline px-0',
} as const;
export const BUTTON_SIZES = { sm: 'h-8 px-3 text-xs', md: 'h-9 px-4', icon: 'size-9' } as const;

export function lightButtonClass(variant: keyof typeof BUTTON_VARIANTS = 'primary', size: keyof typeof BUTTON_SIZES = 'md'): string {
  return `${BUTTON_BASE} ${BUTTON_VARIANTS[variant]} ${BUTTON_SIZES[size]}`;
}

type LightButtonProps = ComponentProps<'button'> & { variant?: keyof typeof BUTTON_VARIANTS; size?: keyof typeof BUTTON_SIZES };

/** components/ui/button's <Button> (no asChild), as a plain <button>. */
export function LightButton({ variant, size, className, type = 'button', ...props }: LightButtonProps) {
  return <button type={type} className={cn(lightButtonClass(variant, size), className)} {...props} />;
}

const BADGE_BASE = 'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3';
export const BADGE_TONES = { neutral: 'border-slate-200 bg-slate-100 text-slate-700', brand: 'border-brand-200 bg-brand-50 text-brand-800' } as const;

export function lightBadgeClass(tone: keyof typeof BADGE_TONES): string {
  return `${BADGE_BASE} ${BADGE_TONES[tone]}`;
}

/** components/ui/badge's <Badge> for the tones the lists' islands use. */
export function LightBadge({ tone = 'neutral', className, ...props }: ComponentProps<'span'> & { tone?: keyof typeof BADGE_TONES }) {
  return <span className={cn(lightBadgeClass(tone), className)} {...props} />;
}

/** components/ui/field's <Field> with a render function: a <label> for the control, and its hint. */
export function LightField({ label, hint, className, children }: { label: ReactNode; hint?: ReactNode; className?: string; children: (control: { id: string; 'aria-describedby'?: string }) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <label htmlFor={`${id}-control`} className="text-sm font-medium leading-none text-slate-800">
        {label}
      </label>
      {children({ id: `${id}-control`, ...(hintId ? { 'aria-describedby': hintId } : {}) })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
