/**
 * `npm run eval:scoring`: scores the labelled set (eval/scoring-set.json) with the configured language model, as
 * the product does (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS; the same prompt, temperature 0 and seed),
 * each answer `--repeats` times (default 3), and prints the agreement with the reference scores per criterion and
 * overall (QWK, exact, adjacent ±1, mean difference model − reference, from the first run) and the spread over the
 * repeats. Options: --repeats N, --set PATH. Exit status 1 when no model is configured or an answer was not scored.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { providerOf } from '@/server/services/ai/provenance';
import { agreementFigures, repeatSpread } from '@/server/services/ai/scoring-agreement';
import { evaluateAnswer, EVALUATION_PROMPT_VERSION } from '@/server/services/interviewer/evaluate-answer';

type ScoringSet = {
  references: string;
  language: 'en' | 'fr';
  jobTitle: string;
  criteria: { key: string; label: string }[];
  items: { id: string; criterion: string; question: string; answer: string; reference: number }[];
};

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const baseURL = process.env.LLM_BASE_URL;
  const model = process.env.LLM_MODEL ?? 'gpt-4o-mini';
  if (!baseURL) {
    console.error('No language model configured: set LLM_BASE_URL (and LLM_API_KEY, LLM_MODEL) as for the service.');
    process.exit(1);
  }
  const repeats = Number(option('repeats') ?? 3);
  const set = JSON.parse(readFileSync(option('set') ?? path.join(process.cwd(), 'eval/scoring-set.json'), 'utf8')) as ScoringSet;
  const config = { baseURL, apiKey: process.env.LLM_API_KEY || undefined, model, timeoutMs: Number(process.env.LLM_TIMEOUT_MS ?? 20_000) };

  const runs = new Map<string, number[]>();
  for (const item of set.items) {
    const criterion = set.criteria.find((c) => c.key === item.criterion)!;
    const scores: number[] = [];
    for (let r = 0; r < repeats; r++) {
      const evaluation = await evaluateAnswer(config, {
        language: set.language,
        jobTitle: set.jobTitle,
        question: item.question,
        criteria: [criterion],
        answer: item.answer,
        spoken: false,
        speechDurationMs: null,
        followUps: false,
      }, (error) => console.error(`${item.id}: ${error instanceof Error ? error.message : String(error)}`));
      const score = evaluation.scores[item.criterion];
      if (typeof score !== 'number') {
        console.error(`${item.id}: not scored (${evaluation.flags.join(', ') || 'no score'})`);
        process.exit(1);
      }
      scores.push(score);
    }
    runs.set(item.id, scores);
  }

  console.log(`Scoring evaluation: ${set.items.length} answers × ${repeats} runs, model ${model} at ${providerOf(baseURL)}, prompt ${EVALUATION_PROMPT_VERSION}, temperature 0, seed 7`);
  console.log(`References: ${set.references}`);
  console.log('');
  const header = ['criterion', 'n', 'QWK', 'exact', 'adjacent', 'mean diff', 'spread (range)', 'spread (sd)'];
  const rows: string[][] = [];
  const groups = [...set.criteria.map((c) => ({ name: c.key, items: set.items.filter((i) => i.criterion === c.key) })), { name: 'all', items: set.items }];
  for (const group of groups) {
    const first = group.items.map((i) => runs.get(i.id)![0]);
    const figures = agreementFigures(first, group.items.map((i) => i.reference));
    const spread = repeatSpread(group.items.map((i) => runs.get(i.id)!));
    rows.push([
      group.name,
      String(figures.n),
      figures.qwk === null ? 'n/a' : figures.qwk.toFixed(2),
      `${Math.round(figures.exact * 100)}%`,
      `${Math.round(figures.adjacent * 100)}%`,
      `${figures.meanDifference >= 0 ? '+' : ''}${figures.meanDifference.toFixed(2)}`,
      spread.meanRange.toFixed(2),
      spread.meanSd.toFixed(2),
    ]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? ` ${'-'.repeat(w)} ` : ` ${'-'.repeat(w - 1)}: `)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
