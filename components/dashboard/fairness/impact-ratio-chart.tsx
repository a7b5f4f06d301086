import { categoryLabel, FOUR_FIFTHS, formatRatio, type CategoryLabels } from './bias-audit-labels';

type Category = { category: string; n: number; impactRatio: number | null; excluded: boolean };

const ROW = 26;
const LABEL_WIDTH = 230;
const PLOT_WIDTH = 320;
const TOP = 22;

/**
 * Impact ratios as horizontal bars (plain SVG, prints as drawn), the four-fifths line across them. Categories with
 * nobody in them are left out; excluded ones (under 2 %) are listed with no bar and marked.
 */
export function ImpactRatioChart({ title, categories, labels }: { title: string; categories: Category[]; labels: CategoryLabels }) {
  const shown = categories.filter((c) => c.n > 0);
  if (shown.length === 0) return <p className="text-sm text-slate-600">Nobody in the sample has a known value here.</p>;
  const height = TOP + shown.length * ROW + 8;
  const x = (ratio: number) => LABEL_WIDTH + Math.min(1, Math.max(0, ratio)) * PLOT_WIDTH;
  return (
    <svg
      role="img"
      aria-label={`${title}: impact ratio per category, with the four-fifths line at ${FOUR_FIFTHS}`}
      viewBox={`0 0 ${LABEL_WIDTH + PLOT_WIDTH + 60} ${height}`}
      className="w-full max-w-2xl"
      data-testid="impact-ratio-chart"
    >
      {[0, 0.5, 1].map((tick) => (
        <g key={tick}>
          <line x1={x(tick)} x2={x(tick)} y1={TOP - 4} y2={height - 8} stroke="#e2e8f0" />
          <text x={x(tick)} y={12} fontSize="10" textAnchor="middle" fill="#475569">
            {tick}
          </text>
        </g>
      ))}
      {shown.map((c, i) => {
        const y = TOP + i * ROW;
        const below = c.impactRatio !== null && c.impactRatio < FOUR_FIFTHS;
        return (
          <g key={c.category} data-category={c.category}>
            <text x={LABEL_WIDTH - 8} y={y + ROW / 2 + 4} fontSize="11" textAnchor="end" fill="#0f172a">
              {categoryLabel(c.category, labels)}
            </text>
            {c.impactRatio !== null ? (
              <rect x={LABEL_WIDTH} y={y + 5} width={x(c.impactRatio) - LABEL_WIDTH} height={ROW - 10} fill={below ? '#f59e0b' : '#2563eb'} />
            ) : null}
            <text x={c.impactRatio !== null ? x(c.impactRatio) + 4 : LABEL_WIDTH + 4} y={y + ROW / 2 + 4} fontSize="10" fill="#334155">
              {c.excluded ? 'excluded (< 2 %)' : formatRatio(c.impactRatio)}
            </text>
          </g>
        );
      })}
      <line x1={x(FOUR_FIFTHS)} x2={x(FOUR_FIFTHS)} y1={TOP - 6} y2={height - 4} stroke="#dc2626" strokeWidth="1.5" strokeDasharray="4 3" data-testid="four-fifths-line" />
      <text x={x(FOUR_FIFTHS)} y={TOP - 8} fontSize="10" textAnchor="middle" fill="#dc2626">
        0.8
      </text>
    </svg>
  );
}
