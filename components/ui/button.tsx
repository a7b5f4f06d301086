import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from 'react';
import { cn } from './cn';

const BUTTON_BASE =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0';

const BUTTON_VARIANTS = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
  outline: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
  link: 'text-brand-700 underline-offset-4 hover:underline px-0',
} as const;

const BUTTON_SIZES = { sm: 'h-8 px-3 text-xs', md: 'h-9 px-4', lg: 'h-10 px-5', icon: 'size-9' } as const;

export type ButtonVariant = keyof typeof BUTTON_VARIANTS;
export type ButtonSize = keyof typeof BUTTON_SIZES;

/**
 * A button's classes, for an element that looks like one. Plain maps rather than class-variance-authority: client
 * islands of server-rendered pages carry this file, and every KB counts there (docs/DECISIONS.md).
 */
export function buttonVariants({ variant, size }: { variant?: ButtonVariant | null; size?: ButtonSize | null } = {}): string {
  return `${BUTTON_BASE} ${BUTTON_VARIANTS[variant ?? 'primary']} ${BUTTON_SIZES[size ?? 'md']}`;
}

export type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant | null; size?: ButtonSize | null; asChild?: boolean };

/**
 * The button's props laid under its child's, as Radix's Slot does: the child's own props win, except that both
 * handlers of an event run (the child's first) and both class lists apply (the button's first).
 */
function slotProps(slot: Record<string, unknown>, child: Record<string, unknown>, className: string): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...slot, ...child, className: cn(className, child.className as string | undefined) };
  for (const [key, value] of Object.entries(slot)) {
    const own = child[key];
    if (/^on[A-Z]/.test(key) && typeof value === 'function' && typeof own === 'function') {
      merged[key] = (...args: unknown[]) => {
        own(...args);
        value(...args);
      };
    }
  }
  return merged;
}

/** `asChild` styles its one child (a link) as the button instead of rendering a <button>. */
export function Button({ className, variant, size, asChild = false, type, children, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild && isValidElement(children)) {
    const child = children as ReactElement<Record<string, unknown>>;
    return cloneElement(child, slotProps(props, child.props, classes));
  }
  return (
    <button className={classes} type={type ?? 'button'} {...props}>
      {children}
    </button>
  );
}
