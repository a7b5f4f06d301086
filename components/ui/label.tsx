import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A form label (the browser's own: clicking it focuses its control). */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm font-medium leading-none text-slate-800', className)} {...props} />;
}
