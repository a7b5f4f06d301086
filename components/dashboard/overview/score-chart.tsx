export type ScoreBucket = { from: number; to: number; count: number };

function bucketColor(from: number): string {
  if (from >= 70) return 'bg-emerald-600';
  if (from >= 50) return 'bg-amber-600';
  return 'bg-red-600';
}

/** Up to five whole-number gridlines from 0 to a round top at or above the largest count. */
function axis(max: number): number[] {
  const step = Math.max(1, Math.ceil(max / 4));
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: top / step + 1 }, (_, i) => top - i * step);
}

/**
 * Score distribution, drawn with plain elements (no chart library: recharts was 100 KB of compressed JavaScript on
 * the overview); the surrounding figure carries the accessible description and a data table. Each bar's title
 * gives its figures on hover, as the chart's tooltip did.
 */
export default function ScoreChart({ buckets }: { buckets: ScoreBucket[] }) {
  const ticks = axis(Math.max(0, ...buckets.map((b) => b.count)));
  const top = ticks[0];
  return (
    <div aria-hidden className="grid grid-cols-[2rem_1fr] gap-x-2 text-[11px] text-slate-600" data-testid="score-chart">
      <div className="relative h-[196px]">
        {ticks.map((tick) => (
          <span key={tick} className="absolute right-0 -translate-y-1/2 tabular-nums" style={{ top: `${(1 - tick / top) * 100}%` }}>
            {tick}
          </span>
        ))}
      </div>
      <div className="relative h-[196px]">
        {ticks.map((tick) => (
          <span key={tick} className="absolute inset-x-0 border-t border-slate-200" style={{ top: `${(1 - tick / top) * 100}%` }} />
        ))}
        <div className="relative flex h-full items-end gap-[10%] px-[2%]">
          {buckets.map((b) => (
            <div key={b.from} className="flex h-full min-w-0 flex-1 items-end hover:bg-slate-100" title={`Score ${b.from}–${b.to}: ${b.count} interviews`}>
              <span className={`block w-full rounded-t ${bucketColor(b.from)}`} style={{ height: `${(b.count / top) * 100}%` }} />
            </div>
          ))}
        </div>
      </div>
      <span />
      <div className="mt-1 flex gap-[10%] px-[2%]">
        {buckets.map((b) => (
          <span key={b.from} className="min-w-0 flex-1 whitespace-nowrap text-center">
            {b.from}–{b.to}
          </span>
        ))}
      </div>
    </div>
  );
}
