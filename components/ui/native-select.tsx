import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn';
import { inputClasses } from './input';

/**
 * The browser's own <select>, styled like the inputs: a filter or a page size needs no popover library (Radix Select
 * and its positioning code are ~20 KB of compressed JavaScript), and the native picker suits phones and screen
 * readers. `className` sizes the wrapper; the chevron replaces the platform's arrow.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select className={cn(inputClasses, 'appearance-none pr-8')} {...props}>
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute right-2.5 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
    </div>
  );
}
