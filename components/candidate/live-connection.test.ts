import { describe, expect, it } from 'vitest';
import { createLiveConnection, TAKEN_OVER_CODE, toPcm16, type SocketLike } from './live-connection';

class FakeSocket implements SocketLike {
  binaryType = 'blob';
  readyState = 0;
  sent: (string | ArrayBuffer)[] = [];
  closedWith: number | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason?: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string | ArrayBuffer) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  event(value: unknown) {
    this.onmessage?.({ data: JSON.stringify(value) });
  }
  audio(samples: number[]) {
    this.onmessage?.({ data: new Int16Array(samples).buffer });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const played: number[][] = [];
  let stops = 0;
  const timers: (() => void)[] = [];
  const connection = createLiveConnection({
    url: 'wss://app.example/api/invitations/tok/live',
    player: { play: (pcm) => played.push([...pcm]), stop: () => void stops++ },
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    reconnectDelaysMs: [10, 20],
    schedule: (fn) => void timers.push(fn),
  });
  return { connection, sockets, played, stops: () => stops, runTimers: () => timers.splice(0).forEach((fn) => fn()) };
}

describe('the live connection of the candidate page', () => {
  it('plays the interviewer, shows state, captions and progress, and stops playback on interrupt', () => {
    const { connection, sockets, played, stops } = setup();
    const socket = sockets[0];
    expect(socket.binaryType).toBe('arraybuffer');
    socket.open();
    socket.event({ type: 'ready', language: 'en', questionCount: 2 });
    socket.event({ type: 'progress', questionIndex: 1, total: 2, answered: 0, isFollowUp: false });
    socket.event({ type: 'state', state: 'speaking' });
    socket.audio([1, 2, 3]);
    socket.event({ type: 'caption', speaker: 'interviewer', text: 'Tell me', final: false });
    socket.event({ type: 'caption', speaker: 'interviewer', text: 'Tell me about it.', final: true });
    socket.event({ type: 'interrupt' });
    socket.event({ type: 'caption', speaker: 'candidate', text: 'Sure.', final: true });
    const view = connection.view();
    expect(view).toMatchObject({ connection: 'open', state: 'speaking', progress: { questionIndex: 1, total: 2 } });
    expect(view.captions).toEqual([
      { speaker: 'interviewer', text: 'Tell me about it.', final: true },
      { speaker: 'candidate', text: 'Sure.', final: true },
    ]);
    expect(played).toEqual([[1, 2, 3]]);
    expect(stops()).toBe(1);
  });

  it('sends audio as binary and controls as JSON; nothing while muted or paused', () => {
    const { connection, sockets } = setup();
    const socket = sockets[0];
    connection.sendAudio(new Int16Array([5]));
    expect(socket.sent).toHaveLength(0);
    socket.open();
    connection.sendAudio(new Int16Array([5, 6]));
    expect(new Int16Array(socket.sent[0] as ArrayBuffer)).toEqual(new Int16Array([5, 6]));
    connection.mute();
    connection.sendAudio(new Int16Array([7]));
    connection.unmute();
    connection.pause();
    connection.sendAudio(new Int16Array([8]));
    connection.resume();
    connection.repeat();
    expect(socket.sent.slice(1)).toEqual(['{"type":"mute"}', '{"type":"unmute"}', '{"type":"pause"}', '{"type":"resume"}', '{"type":"repeat"}']);
  });

  it('reconnects after a drop, not after a takeover or the end, and gives up after its delays', () => {
    const dropped = setup();
    dropped.sockets[0].open();
    dropped.sockets[0].drop();
    expect(dropped.connection.view().connection).toBe('reconnecting');
    dropped.runTimers();
    expect(dropped.sockets).toHaveLength(2);
    dropped.sockets[1].drop();
    dropped.runTimers();
    dropped.sockets[2].drop();
    expect(dropped.connection.view().connection).toBe('failed');

    const taken = setup();
    taken.sockets[0].open();
    taken.sockets[0].drop(TAKEN_OVER_CODE);
    expect(taken.connection.view().connection).toBe('taken-over');
    taken.runTimers();
    expect(taken.sockets).toHaveLength(1);

    const ended = setup();
    ended.sockets[0].open();
    ended.sockets[0].event({ type: 'ended' });
    ended.sockets[0].drop(1000);
    expect(ended.connection.view().connection).toBe('ended');
    expect(ended.sockets).toHaveLength(1);
  });

  it('converts microphone samples to PCM16 at 24 kHz', () => {
    const input = new Float32Array(480).fill(0.5);
    const pcm = toPcm16(input, 48_000);
    expect(pcm).toHaveLength(240);
    expect(pcm[0]).toBe(Math.round(0.5 * 32767));
    expect(toPcm16(new Float32Array([2, -2]), 24_000)).toEqual(new Int16Array([32767, -32767]));
  });
});
