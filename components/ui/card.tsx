import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return <section className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)} {...props} />;
}

export function CardHeader({ title, description, action, className, titleAs: Title = 'h2' }: { title: ReactNode; description?: ReactNode; action?: ReactNode; className?: string; titleAs?: 'h2' | 'h3' }) {
  return (
    <div className={cn('flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4', className)}>
      <div className="grid gap-0.5">
        <Title className="text-sm font-semibold text-slate-900">{title}</Title>
        {description ? <p className="text-xs text-slate-600">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-5 py-4', className)} {...props} />;
}
