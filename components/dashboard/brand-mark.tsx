import { AudioLines } from 'lucide-react';
import { cn } from '@/components/ui/cn';

export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={cn('flex items-center gap-2.5 font-semibold tracking-tight text-slate-900', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white shadow-sm">
        <AudioLines className="size-4.5" aria-hidden />
      </span>
      <span>Screening</span>
    </span>
  );
}
