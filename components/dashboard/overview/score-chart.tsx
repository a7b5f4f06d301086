'use client';

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type ScoreBucket = { from: number; to: number; count: number };

function bucketColor(from: number): string {
  if (from >= 70) return '#059669';
  if (from >= 50) return '#d97706';
  return '#dc2626';
}

/** Score distribution; the surrounding figure carries the accessible description and a data table. */
export default function ScoreChart({ buckets }: { buckets: ScoreBucket[] }) {
  const data = buckets.map((b) => ({ ...b, label: `${b.from}–${b.to}` }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fontSize: 11, fill: '#475569' }} interval={0} />
        <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={{ fontSize: 11, fill: '#475569' }} width={40} />
        <Tooltip
          cursor={{ fill: '#f1f5f9' }}
          formatter={(value) => [value, 'Interviews']}
          labelFormatter={(label) => `Score ${label}`}
          contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0', fontSize: 12 }}
        />
        <Bar
          dataKey="count"
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
          shape={(props: any) => <rect x={props.x} y={props.y} width={props.width} height={props.height} rx={4} fill={bucketColor(props.payload.from)} />}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
