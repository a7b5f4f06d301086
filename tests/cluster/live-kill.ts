import type postgres from 'postgres';
import type { Database } from '@/db/client';
import { organizations } from '@/db/schema';
import { newId } from '@/server/ids';
import { newInvitationToken } from '@/server/services/invitations/invitation-token';
import { candidateApi } from '../support/candidate-interview';
import { makeCandidate, makeConfig, makeInterview, makeJob } from '../support/factories';
import type { FakeOpenAi } from '../support/fake-openai';
import { connectLive, liveUrl, spokenAnswer, type LiveClient } from '../support/live-candidate';

/**
 * The live conversation survives the loss of the instance holding it (issue 22, "Done when"). A candidate opens the
 * live WebSocket on instance A (its provider the tests' fake OpenAI Realtime server), answers question 1 by streaming
 * espeak-ng speech, and A is SIGKILLed while question 2 is being said. The candidate reconnects to instance B, hears
 * the pending question as a resumption ("Welcome back. We were at question 2"), never question 1 again, answers the
 * rest, and the interview completes. Then the database must hold each question and each answer exactly once, in
 * order. Its own organization, so the agent phase's counts are untouched.
 */

const QUESTIONS = [
  { id: 'q1', text: 'Tell me about a project you led from start to finish.', criterion: 'communication' },
  { id: 'q2', text: 'How do you handle a disagreement with a colleague about a design?', criterion: 'technical' },
  { id: 'q3', text: 'What would you improve first in a service you just joined?', criterion: 'technical' },
];
const TRANSCRIPTS = [
  'I led the migration of our billing system to a new provider over six months, without downtime.',
  'We write the options down, compare them against what we need, and agree on how to decide first.',
  'I would read the incident reports and the slowest traces, then fix whatever wakes people up at night.',
];
const STEP_MS = 30_000;

export type LiveKillOptions = {
  db: Database;
  sql: postgres.Sql;
  /** Instance A (held the conversation, is killed) and instance B (takes it over). */
  urls: [string, string];
  /** APP_URL's origin: both instances check it. */
  origin: string;
  fake: FakeOpenAi;
  /** SIGKILLs instance A's process group and starts it again (its readiness is the caller's to await). */
  killInstanceA: () => Promise<void>;
  say: (line: string) => void;
};

/** Polls the client's events from index `from` on until one matches; its index. */
async function nextEvent(client: LiveClient, from: number, predicate: (event: any) => boolean, what: string): Promise<number> {
  const deadline = Date.now() + STEP_MS;
  for (;;) {
    const at = client.events.findIndex((e, i) => i >= from && predicate(e));
    if (at >= 0) return at;
    if (Date.now() > deadline) throw new Error(`live: no ${what} within ${STEP_MS / 1000} s; events: ${JSON.stringify(client.events.slice(from)).slice(0, 1500)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const interviewerFinal = (e: any) => e.type === 'caption' && e.speaker === 'interviewer' && e.final;

/** Waits for the question (a final interviewer caption containing it) and for the page to listen; the caption's index. */
async function heardQuestion(client: LiveClient, from: number, question: string): Promise<number> {
  const at = await nextEvent(client, from, (e) => interviewerFinal(e) && e.text.includes(question), `question "${question}"`);
  await nextEvent(client, at, (e) => e.type === 'state' && e.state === 'listening', 'listening state');
  return at;
}

async function answer(client: LiveClient, fake: FakeOpenAi, transcript: string, from: number): Promise<number> {
  fake.realtime.queueTranscripts(transcript);
  // Spoken without punctuation: a comma's pause must not come near the 300 ms that ends an utterance here.
  client.speak(await spokenAnswer(transcript.replace(/[,.]/g, '').split(' ').slice(0, 8).join(' ')));
  return nextEvent(client, from, (e) => e.type === 'caption' && e.speaker === 'candidate' && e.final && e.text === transcript, 'candidate caption');
}

export async function runLiveKill(options: LiveKillOptions): Promise<{ line: string; violations: string[] }> {
  const { db, sql, urls, origin, fake, say } = options;
  const violations: string[] = [];
  const orgId = newId('organization');
  await db.insert(organizations).values({ id: orgId, name: 'Cluster live run' });
  const candidate = await makeCandidate(db, orgId, { firstName: 'Ada', locale: 'en' });
  const job = await makeJob(db, orgId, 'Site reliability engineer');
  const config = await makeConfig(db, orgId, { questions: QUESTIONS });
  const { token, hash } = newInvitationToken();
  const interview = await makeInterview(db, orgId, { candidateId: candidate.id, jobId: job.id, configId: config.id, inviteTokenHash: hash });
  const started = await candidateApi(urls[0], token).start();
  if (started.status !== 200 || started.body?.voice?.live !== true) throw new Error(`live: the interview did not start in live mode: ${started.status} ${started.text.slice(0, 300)}`);

  // The question's audio in real time (chunks 100 ms apart), so instance A dies while it is being said.
  const previousInterval = fake.realtime.options.chunkIntervalMs;
  fake.realtime.options.chunkIntervalMs = 100;
  let first: LiveClient | undefined;
  let second: LiveClient | undefined;
  try {
    first = await connectLive(liveUrl(urls[0], token), origin);
    await heardQuestion(first, 0, QUESTIONS[0].text);
    const answered = await answer(first, fake, TRANSCRIPTS[0], 0);
    // Question 2 starts being said on A: its first audio reaches the candidate.
    const speaking = await nextEvent(first, answered, (e) => e.type === 'state' && e.state === 'speaking', 'question 2 starting');
    const asking = first.events.slice(speaking).some(interviewerFinal);
    await options.killInstanceA();
    say(`live: instance A SIGKILLed while question 2 was being said${asking ? ' (its caption had already completed)' : ''}`);
    const closed = await Promise.race([first.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), STEP_MS))]);
    if (!closed) violations.push('live: the candidate socket stayed open after its instance was killed');

    // The candidate reconnects through the other instance.
    second = await connectLive(liveUrl(urls[1], token), origin);
    const resumedAt = await nextEvent(second, 0, interviewerFinal, 'the resumed question');
    const resumed = second.events[resumedAt].text as string;
    if (!/^Welcome back\. We were at question 2/.test(resumed) || !resumed.includes(QUESTIONS[1].text)) violations.push(`live: instance B resumed with "${resumed}", not question 2 as a resumption`);
    await nextEvent(second, resumedAt, (e) => e.type === 'state' && e.state === 'listening', 'listening after the resumption');
    const q3From = await answer(second, fake, TRANSCRIPTS[1], resumedAt);
    const q3 = await heardQuestion(second, q3From, QUESTIONS[2].text);
    await answer(second, fake, TRANSCRIPTS[2], q3);
    await nextEvent(second, q3, (e) => e.type === 'ended', 'the end of the interview');
    const end = await Promise.race([second.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), STEP_MS))]);
    if (end?.code !== 1000) violations.push(`live: the conversation on B did not close normally (${JSON.stringify(end)})`);
    if (second.events.some((e) => e.type === 'caption' && e.speaker === 'interviewer' && e.text.includes(QUESTIONS[0].text))) violations.push('live: question 1 was asked again on instance B');
    if (second.events.some((e) => e.type === 'error')) violations.push(`live: errors on B: ${JSON.stringify(second.events.filter((e) => e.type === 'error'))}`);
  } finally {
    fake.realtime.options.chunkIntervalMs = previousInterval;
    first?.ws.terminate();
    second?.ws.terminate();
  }

  // Straight from the database: each question and each answer once, in order, and the interview completed.
  const turns = await sql<{ turn_number: number; role: string; content: string }[]>`
    select turn_number, role, content from turns where interview_id = ${interview.id} order by turn_number`;
  const [row] = await sql<{ status: string }[]>`select status from interviews where id = ${interview.id}`;
  const expected = QUESTIONS.flatMap((q, i) => [
    { role: 'agent', matches: (c: string) => (i === 0 ? c.endsWith(q.text) : c === q.text) },
    { role: 'candidate', matches: (c: string) => c === TRANSCRIPTS[i] },
  ]);
  const shape = turns.map((t) => `${t.turn_number}:${t.role}`).join(' ');
  if (turns.length !== expected.length || turns.some((t, i) => t.turn_number !== i + 1 || t.role !== expected[i].role || !expected[i].matches(t.content))) {
    violations.push(`live: turns stored ${shape} (${JSON.stringify(turns.map((t) => t.content.slice(-60)))}), expected 3 questions and 3 answers alternating, each once`);
  }
  if (row?.status !== 'COMPLETED') violations.push(`live: the interview is ${row?.status}, not COMPLETED`);
  const line = `a candidate answered question 1 on instance A, A was SIGKILLed while question 2 was being said, the candidate resumed on B ("Welcome back", question 2), finished; turns ${shape}, interview ${row?.status}`;
  return { line, violations };
}
