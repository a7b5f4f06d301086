import { describe, expect, it } from 'vitest';
import type { CandidateSession } from './candidate-api';
import { initialState, offeredMode, progressOf, startAnswerMode, showsResumeBanner, threadOf, transition, type InterviewEvent, type InterviewState } from './interview-machine';

const GREETING = 'Hello Ada, thank you for joining this interview for the Backend engineer position.';

function session(overrides: Partial<CandidateSession> = {}): CandidateSession {
  return {
    status: 'OPEN',
    consentedAt: null,
    language: 'en',
    mode: 'interviewer',
    joinUrl: null,
    answerMode: null,
    answerModes: ['written'],
    voice: { transcription: false, speech: 'browser', live: false },
    answerTimeLimitSeconds: 120,
    progress: { answered: 0, total: 2 },
    question: null,
    thread: [],
    selfIdentification: null,
    ...overrides,
  };
}

const atQuestion1 = (voice = false) =>
  session({
    status: 'IN_PROGRESS',
    consentedAt: '2026-11-26T05:00:00.000Z',
    voice: { transcription: voice, speech: 'browser', live: false },
    question: { turnNumber: 1, index: 1, text: `${GREETING} Tell me about yourself.`, isFollowUp: false },
    thread: [
      { turnNumber: 1, from: 'interviewer', kind: 'greeting', text: GREETING },
      { turnNumber: 1, from: 'interviewer', kind: 'question', text: 'Tell me about yourself.' },
    ],
  });

const atQuestion2 = (voice = false) =>
  session({
    ...atQuestion1(voice),
    progress: { answered: 1, total: 2 },
    question: { turnNumber: 3, index: 2, text: 'Describe a hard bug you fixed.', isFollowUp: false },
    thread: [
      ...atQuestion1().thread,
      { turnNumber: 2, from: 'candidate', kind: 'answer', text: 'I build payment services.' },
      { turnNumber: 3, from: 'interviewer', kind: 'question', text: 'Describe a hard bug you fixed.' },
    ],
  });

const completed = () =>
  session({
    ...atQuestion2(),
    status: 'COMPLETED',
    progress: { answered: 2, total: 2 },
    question: null,
    thread: [...atQuestion2().thread, { turnNumber: 4, from: 'candidate', kind: 'answer', text: 'A memory leak.' }],
  });

function run(events: InterviewEvent[], from: InterviewState = initialState): InterviewState {
  return events.reduce(transition, from);
}

describe('the candidate interview machine', () => {
  it('a written interview: notice, start at once (nothing to set up), the greeting as its own message, answers in a thread with acknowledgements, then thanks', () => {
    let state = run([{ type: 'LOADED', session: session(), remembered: null }]);
    expect(state.phase).toBe('notice');
    expect(offeredMode(state.session!)).toBe('written');

    state = run([{ type: 'NOTICE_ACCEPTED' }], state);
    // The practice question first: nothing is posted until the candidate is done with it.
    expect(state.phase).toBe('practice');
    state = run([{ type: 'PRACTICE_DONE' }], state);
    expect(state).toMatchObject({ phase: 'starting', practiced: true });
    expect(threadOf(state).typing).toBe(true);

    state = run([{ type: 'STARTED', session: atQuestion1() }], state);
    expect(state).toMatchObject({ phase: 'answering', step: 'typing', channel: 'writing' });
    expect(threadOf(state).items.map((i) => [i.kind, 'text' in i ? i.text : null])).toEqual([
      ['greeting', GREETING],
      ['question', 'Tell me about yourself.'],
    ]);
    expect(progressOf(state)).toEqual({ answered: 0, total: 2, current: 1 });
    expect(showsResumeBanner(state)).toBe(false);

    // An empty answer is refused before anything is sent.
    state = run([{ type: 'SEND' }], state);
    expect(state).toMatchObject({ phase: 'answering', error: 'answerEmpty' });
    state = run([{ type: 'DRAFT_CHANGED', text: '  I build payment services. ' }, { type: 'SEND' }], state);
    expect(state).toMatchObject({ phase: 'sending', error: null, sent: { turnNumber: 1, text: 'I build payment services.' } });
    // The answer shows at once, the interviewer "types" while the server evaluates and asks the next question.
    const sending = threadOf(state);
    expect(sending.typing).toBe(true);
    expect(sending.items.at(-1)).toMatchObject({ from: 'candidate', text: 'I build payment services.', pending: true });

    state = run([{ type: 'ANSWERED', session: atQuestion2() }], state);
    expect(state).toMatchObject({ phase: 'answering', step: 'typing', draft: null, sent: null });
    const thread = threadOf(state);
    expect(thread.typing).toBe(false);
    expect(thread.items.map((i) => i.kind)).toEqual(['greeting', 'question', 'answer', 'ack', 'question']);
    expect(thread.items.filter((i) => i.kind === 'question').map((i) => 'current' in i && i.current)).toEqual([false, true]);
    expect(progressOf(state)).toEqual({ answered: 1, total: 2, current: 2 });

    state = run([{ type: 'DRAFT_CHANGED', text: 'A memory leak.' }, { type: 'SEND' }, { type: 'ANSWERED', session: completed() }], state);
    expect(state.phase).toBe('finished');
    expect(progressOf(state)).toMatchObject({ answered: 2, total: 2 });
    expect(threadOf(state).items.at(-1)).toMatchObject({ kind: 'ack' });
  });

  it('a reload mid-interview: the thread rebuilt from the session, the resume banner on that question only', () => {
    let state = run([{ type: 'LOADED', session: atQuestion2(), remembered: null }]);
    expect(state.phase).toBe('answering');
    expect(threadOf(state).items.map((i) => i.kind)).toEqual(['greeting', 'question', 'answer', 'ack', 'question']);
    expect(showsResumeBanner(state)).toBe(true);
    state = run([{ type: 'DRAFT_CHANGED', text: 'A leak.' }, { type: 'SEND' }], state);
    expect(showsResumeBanner(state)).toBe(true);
    const followUp = session({
      ...atQuestion2(),
      question: { turnNumber: 5, index: 2, text: 'How did you find it?', isFollowUp: true },
      thread: [...atQuestion2().thread, { turnNumber: 4, from: 'candidate', kind: 'answer', text: 'A leak.' }, { turnNumber: 5, from: 'interviewer', kind: 'follow-up', text: 'How did you find it?' }],
    });
    state = run([{ type: 'ANSWERED', session: followUp }], state);
    expect(showsResumeBanner(state)).toBe(false);
    expect(threadOf(state).items.at(-1)).toMatchObject({ kind: 'follow-up', current: true });
  });

  it('a reload keeps the pending draft of that question only', () => {
    let state = run([{ type: 'LOADED', session: atQuestion2(), remembered: 'writing' }]);
    state = run([{ type: 'QUESTION_SHOWN', turnNumber: 3, draft: { turnNumber: 1, text: 'old', audioId: null, poor: false, untranscribed: false }, speaking: false }], state);
    expect(state.draft).toBeNull();
    state = run([{ type: 'QUESTION_SHOWN', turnNumber: 3, draft: { turnNumber: 3, text: 'kept', audioId: null, poor: false, untranscribed: false }, speaking: false }], state);
    expect(state).toMatchObject({ step: 'typing', draft: { text: 'kept' } });
  });

  it('a recorded interview: the microphone check, the question read aloud, recording, transcript review, send', () => {
    let state = run([{ type: 'LOADED', session: session({ voice: { transcription: true, speech: 'server', live: false } }), remembered: null }, { type: 'NOTICE_ACCEPTED' }]);
    expect(offeredMode(state.session!)).toBe('recorded');
    expect(state).toMatchObject({ phase: 'setup', channel: 'voice' });
    state = run([{ type: 'START' }], state);
    expect(state.phase).toBe('practice');
    state = run([{ type: 'PRACTICE_DONE' }, { type: 'STARTED', session: atQuestion1(true) }], state);
    expect(state).toMatchObject({ phase: 'answering', step: 'ready' });
    state = run([{ type: 'QUESTION_SHOWN', turnNumber: 1, draft: null, speaking: true }], state);
    expect(state.step).toBe('speaking');
    state = run([{ type: 'SPOKEN' }, { type: 'RECORDING' }], state);
    expect(state.step).toBe('recording');
    state = run([{ type: 'RECORDED', timeUp: true }], state);
    expect(state).toMatchObject({ step: 'transcribing', status: 'timeUp' });
    state = run([{ type: 'TRANSCRIBED', draft: { turnNumber: 1, text: 'I build payment services', audioId: 'rec_abcdefgh', poor: false, untranscribed: false } }], state);
    expect(state).toMatchObject({ step: 'reviewing', status: null });
    state = run([{ type: 'SEND' }, { type: 'SEND_FAILED', error: 'offline' }], state);
    // Offline: the transcript stays in review, to send again.
    expect(state).toMatchObject({ phase: 'answering', step: 'reviewing', error: 'offline', draft: { audioId: 'rec_abcdefgh' } });
    state = run([{ type: 'SEND' }, { type: 'RETRYING' }], state);
    expect(state).toMatchObject({ phase: 'sending', status: 'retrying' });
    state = run([{ type: 'ANSWERED', session: atQuestion2(true) }], state);
    expect(state).toMatchObject({ phase: 'answering', step: 'ready', draft: null, status: null });
    // Switching to writing on a fresh question.
    expect(run([{ type: 'CHANNEL_CHOSEN', channel: 'writing' }], state)).toMatchObject({ channel: 'writing', step: 'typing' });
  });

  it('voice is never offered without speech-to-text, even if this browser remembered it', () => {
    const state = run([{ type: 'LOADED', session: atQuestion1(false), remembered: 'voice' }, { type: 'CHANNEL_CHOSEN', channel: 'voice' }]);
    expect(state).toMatchObject({ phase: 'answering', channel: 'writing', step: 'typing' });
  });

  it('a resumed recorded interview without a remembered choice goes through the microphone check, then continues without posting a start', () => {
    let state = run([{ type: 'LOADED', session: atQuestion1(true), remembered: null }]);
    expect(state.phase).toBe('setup');
    state = run([{ type: 'START' }], state);
    expect(state).toMatchObject({ phase: 'answering', step: 'ready' });
    expect(showsResumeBanner(state)).toBe(true);
  });

  it('while the interviewer prepares the next question the page waits (typing) and polls', () => {
    let state = run([{ type: 'LOADED', session: session({ ...atQuestion1(), question: null }), remembered: 'writing' }]);
    expect(state.phase).toBe('thinking');
    expect(threadOf(state).typing).toBe(true);
    state = run([{ type: 'POLLED', session: session({ ...atQuestion1(), question: null }) }], state);
    expect(state.phase).toBe('thinking');
    state = run([{ type: 'POLLED', session: atQuestion1() }], state);
    expect(state.phase).toBe('answering');
  });

  it('start failures: 503 back to the notice with the reason, a gone link closes', () => {
    const noticed = run([{ type: 'LOADED', session: session(), remembered: null }, { type: 'NOTICE_ACCEPTED' }, { type: 'PRACTICE_DONE' }]);
    expect(run([{ type: 'START_FAILED', status: 503 }], noticed)).toMatchObject({ phase: 'notice', error: 'unavailable' });
    expect(run([{ type: 'START_FAILED', status: 410 }], noticed)).toMatchObject({ phase: 'closed', error: 'gone' });
    expect(run([{ type: 'LOAD_FAILED', status: 500 }])).toMatchObject({ phase: 'closed', error: 'generic' });
    expect(run([{ type: 'LOADED', session: session({ status: 'EXPIRED' }), remembered: null }])).toMatchObject({ phase: 'closed', error: 'gone' });
  });

  it('an external agent platform: the notice, then the call', () => {
    const external = session({ mode: 'external', voice: { transcription: false, speech: 'browser', live: false } });
    expect(offeredMode(external)).toBe('external');
    let state = run([{ type: 'LOADED', session: external, remembered: null }]);
    expect(state.phase).toBe('notice');
    state = run([{ type: 'NOTICE_ACCEPTED' }, { type: 'STARTED', session: { ...external, consentedAt: '2026-11-26T05:00:00.000Z', joinUrl: 'https://agent.example/r' } }], state);
    expect(state.phase).toBe('external');
    expect(run([{ type: 'EXTERNAL_FINISHED' }], state).phase).toBe('finished');
    expect(run([{ type: 'LOADED', session: { ...external, consentedAt: '2026-11-26T05:00:00.000Z' }, remembered: null }]).phase).toBe('external');
  });
});

describe('the live conversation', () => {
  const liveOffer = { answerModes: ['live', 'written'] as CandidateSession['answerModes'], voice: { transcription: false, speech: 'browser' as const, live: true } };
  const liveAt = (answerMode: CandidateSession['answerMode'], base = atQuestion1()) => session({ ...base, ...liveOffer, answerMode });

  it('notice, the microphone check, a start asking for live, then the live view; the end is the finished screen', () => {
    let state = run([{ type: 'LOADED', session: session(liveOffer), remembered: null }]);
    expect(state.phase).toBe('notice');
    expect(offeredMode(state.session!)).toBe('live');
    state = run([{ type: 'NOTICE_ACCEPTED' }], state);
    expect(state).toMatchObject({ phase: 'setup', channel: 'voice' });
    expect(startAnswerMode(state)).toBe('live');
    state = run([{ type: 'START' }], state);
    expect(state.phase).toBe('practice');
    state = run([{ type: 'PRACTICE_DONE' }], state);
    expect(state.phase).toBe('starting');
    const failed = run([{ type: 'START_FAILED', status: 503 }], state);
    expect(failed).toMatchObject({ phase: 'setup', error: 'unavailable' });
    // Trying again does not ask the practice question twice.
    expect(run([{ type: 'START' }], failed).phase).toBe('starting');
    state = run([{ type: 'STARTED', session: liveAt('live') }], state);
    expect(state).toMatchObject({ phase: 'live', error: null });
    // Answers come and go over the socket, not through the machine: only the end moves it.
    state = run([{ type: 'LIVE_ENDED', session: liveAt('live', completed()) }], state);
    expect(state.phase).toBe('finished');
    expect(progressOf(state)).toMatchObject({ answered: 2, total: 2 });
  });

  it('the candidate may choose writing on the setup step: a written start and the thread', () => {
    let state = run([{ type: 'LOADED', session: session(liveOffer), remembered: null }, { type: 'NOTICE_ACCEPTED' }, { type: 'CHANNEL_CHOSEN', channel: 'writing' }]);
    expect(startAnswerMode(state)).toBe('written');
    state = run([{ type: 'START' }, { type: 'PRACTICE_DONE' }, { type: 'STARTED', session: liveAt('written') }], state);
    expect(state).toMatchObject({ phase: 'answering', step: 'typing', channel: 'writing' });
    expect(offeredMode(state.session!)).toBe('written');
    // A reload keeps the written thread: the interview's mode is the server's.
    expect(run([{ type: 'LOADED', session: liveAt('written'), remembered: null }])).toMatchObject({ phase: 'answering', channel: 'writing' });
  });

  it('a reload mid-conversation goes back to the live view (the server resumes it), without a banner or a setup', () => {
    const state = run([{ type: 'LOADED', session: liveAt('live', atQuestion2()), remembered: null }]);
    expect(state).toMatchObject({ phase: 'live', resumedTurn: null });
    expect(showsResumeBanner(state)).toBe(false);
  });

  it('continuing in writing (the live service failed): the thread at the pending question, and it stays there', () => {
    let state = run([{ type: 'LOADED', session: liveAt('live', atQuestion2()), remembered: null }]);
    state = run([{ type: 'WRITING_INSTEAD', session: liveAt('live', atQuestion2()) }], state);
    expect(state).toMatchObject({ phase: 'answering', step: 'typing', channel: 'writing', liveDeclined: true });
    expect(threadOf(state).items.at(-1)).toMatchObject({ kind: 'question', current: true });
    state = run([{ type: 'DRAFT_CHANGED', text: 'A memory leak.' }, { type: 'SEND' }, { type: 'ANSWERED', session: liveAt('live', completed()) }], state);
    expect(state.phase).toBe('finished');
    // Outside the live view these events change nothing.
    expect(run([{ type: 'LIVE_ENDED', session: completed() }], state)).toBe(state);
    expect(run([{ type: 'WRITING_INSTEAD', session: completed() }], state)).toBe(state);
  });
});

describe('the answer mode a start asks for', () => {
  it('is the channel the candidate chose, voice only where speech to text is offered, and none with an external platform', () => {
    expect(startAnswerMode({ session: session({ voice: { transcription: true, speech: 'browser', live: false } }), channel: 'voice' })).toBe('recorded');
    expect(startAnswerMode({ session: session({ voice: { transcription: true, speech: 'browser', live: false } }), channel: 'writing' })).toBe('written');
    expect(startAnswerMode({ session: session(), channel: 'voice' })).toBe('written');
    expect(startAnswerMode({ session: session({ mode: 'external' }), channel: 'voice' })).toBeUndefined();
    expect(startAnswerMode({ session: null, channel: 'writing' })).toBeUndefined();
  });
});
