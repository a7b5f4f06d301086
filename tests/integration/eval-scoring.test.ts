import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quadraticWeightedKappa } from '@/server/services/ai/scoring-agreement';
import { runGroup } from '../support/child-processes';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';

/**
 * `npm run eval:scoring` against the local fake OpenAI server (the run CI makes): every answer of the labelled set
 * is scored through the real `openai` SDK with the product's prompt, and the printed table's figures are those
 * computed here from the fake's documented rule (a score from the answer's length) and the reference scores.
 */
let fake: FakeOpenAi;
type Item = { id: string; criterion: string; answer: string; reference: number };
const set = JSON.parse(readFileSync('eval/scoring-set.json', 'utf8')) as { references: string; items: Item[] };

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake?.close();
});

/** The fake's evaluation score (tests/support/fake-openai.ts): half the answer's word count, between 2 and 10. */
const fakeScore = (answer: string) => Math.min(10, Math.max(2, Math.round(answer.split(/\s+/).filter(Boolean).length / 2)));

describe('npm run eval:scoring', () => {
  it('scores the labelled set with the configured model and prints agreement and spread per criterion', async () => {
    expect(set.items.length).toBeGreaterThanOrEqual(30);
    expect(set.references).toContain('written for this project by the engineering team');
    const run = await runGroup('npm', ['run', '--silent', 'eval:scoring', '--', '--repeats', '2'], {
      env: { ...process.env, LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: 'sk-eval', LLM_MODEL: 'fake-scorer' },
      timeoutMs: 120_000,
    });
    // The table in the test's output, so CI's log shows what the command printed against the local fake.
    process.stdout.write(`\n${run.stdout}\n`);
    expect(run.stderr).not.toMatch(/not scored/);
    expect(run.code).toBe(0);
    const evaluations = fake.requests.filter((r) => r.body?.response_format?.json_schema?.name === 'answer_evaluation');
    expect(evaluations).toHaveLength(set.items.length * 2);
    expect(evaluations.every((r) => r.body.model === 'fake-scorer' && r.body.temperature === 0 && r.body.seed === 7)).toBe(true);

    expect(run.stdout).toContain(`Scoring evaluation: ${set.items.length} answers × 2 runs, model fake-scorer at ${new URL(fake.baseUrl).host}`);
    const rows = new Map(
      run.stdout
        .split('\n')
        .filter((l) => l.startsWith('| ') && !l.startsWith('| criterion') && !l.startsWith('| -'))
        .map((l) => l.split('|').slice(1, -1).map((c) => c.trim()))
        .map((cells) => [cells[0], cells.slice(1)]),
    );
    expect([...rows.keys()]).toEqual(['communication', 'technical', 'ownership', 'all']);
    for (const [name, cells] of rows) {
      const items = name === 'all' ? set.items : set.items.filter((i) => i.criterion === name);
      const model = items.map((i) => fakeScore(i.answer));
      const reference = items.map((i) => i.reference);
      const exact = model.filter((m, k) => m === reference[k]).length / items.length;
      const adjacent = model.filter((m, k) => Math.abs(m - reference[k]) <= 1).length / items.length;
      const diff = model.reduce((s, m, k) => s + m - reference[k], 0) / items.length;
      expect(cells).toEqual([
        String(items.length),
        quadraticWeightedKappa(model, reference)!.toFixed(2),
        `${Math.round(exact * 100)}%`,
        `${Math.round(adjacent * 100)}%`,
        `${diff >= 0 ? '+' : ''}${diff.toFixed(2)}`,
        // The fake answers the same every time: no spread.
        '0.00',
        '0.00',
      ]);
    }
  }, 150_000);
});
