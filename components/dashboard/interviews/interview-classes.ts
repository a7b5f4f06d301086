/**
 * The Button and Badge classes (components/ui/button.tsx, badge.tsx) for the interview page's client islands, as
 * plain strings: the islands in the page's first load then carry neither class-variance-authority nor Radix Slot.
 * Server components keep using Button and Badge, which cost the browser nothing.
 */
const BUTTON =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0';

export const OUTLINE_BUTTON = `${BUTTON} border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 h-9 px-4`;

const BADGE = 'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3';
const TONES = {
  neutral: 'border-slate-200 bg-slate-100 text-slate-700',
  brand: 'border-brand-200 bg-brand-50 text-brand-800',
  amber: 'border-amber-200 bg-amber-50 text-amber-900',
  red: 'border-red-200 bg-red-50 text-red-800',
} as const;

export const badgeClass = (tone: keyof typeof TONES) => `${BADGE} ${TONES[tone]}`;

