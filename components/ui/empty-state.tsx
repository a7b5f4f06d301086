import { Inbox, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

export function EmptyState({ title, description, action, icon: Icon = Inbox, className }: { title: string; description?: ReactNode; action?: ReactNode; icon?: LucideIcon; className?: string }) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-3 px-6 py-12 text-center', className)}>
      <div className="flex size-11 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Icon className="size-5" aria-hidden />
      </div>
      <div className="grid gap-1">
        <p className="text-sm font-semibold text-slate-900">{title}</p>
        {description ? <p className="max-w-sm text-sm text-slate-600">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}
