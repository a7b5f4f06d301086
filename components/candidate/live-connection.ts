/**
 * The candidate page's side of the live conversation (docs/INTERVIEWER.md, "Live mode"): one WebSocket to
 * /api/invitations/:token/live, the microphone's audio out as PCM16 24 kHz mono binary frames, the interviewer's
 * audio and JSON events in. Pure TypeScript with its socket, player and timers injected, so it is tested without
 * a browser; the view (another module) renders `LiveView` and feeds `sendAudio` from an AudioWorklet.
 *
 * Reconnects by itself after a drop (the server resumes from the history), except when the interview ended or
 * another tab took the conversation over (close code 4000).
 */

export const LIVE_SAMPLE_RATE = 24_000;
export const TAKEN_OVER_CODE = 4000;

export type LiveState = 'listening' | 'thinking' | 'speaking' | 'paused' | 'ended';
export type LiveCaption = { speaker: 'interviewer' | 'candidate'; text: string; final: boolean };
export type LiveView = {
  connection: 'connecting' | 'open' | 'reconnecting' | 'ended' | 'taken-over' | 'failed';
  state: LiveState | null;
  captions: LiveCaption[];
  progress: { questionIndex: number; total: number; answered: number; isFollowUp: boolean } | null;
  paused: boolean;
  muted: boolean;
  error: { code: string; message: string } | null;
};

/** What the module needs of a WebSocket (the browser's satisfies it). */
export type SocketLike = {
  binaryType: string;
  readyState: number;
  send: (data: string | ArrayBuffer) => void;
  close: (code?: number, reason?: string) => void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
};

export type LivePlayer = {
  /** Queue this chunk after what is already playing. */
  play: (pcm: Int16Array) => void;
  /** Stop at once and drop what is queued (barge-in, pause). */
  stop: () => void;
};

export type LiveConnectionOptions = {
  url: string;
  player: LivePlayer;
  onChange?: (view: LiveView) => void;
  createSocket?: (url: string) => SocketLike;
  /** Waits before each reconnection attempt; after the last one the connection has failed. */
  reconnectDelaysMs?: number[];
  schedule?: (fn: () => void, ms: number) => unknown;
};

const OPEN = 1;

export function createLiveConnection(options: LiveConnectionOptions) {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const delays = options.reconnectDelaysMs ?? [500, 1000, 2000, 4000, 8000];
  const schedule = options.schedule ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  let view: LiveView = { connection: 'connecting', state: null, captions: [], progress: null, paused: false, muted: false, error: null };
  let socket: SocketLike | null = null;
  let attempt = 0;
  let closedByUs = false;

  const update = (patch: Partial<LiveView>) => {
    view = { ...view, ...patch };
    options.onChange?.(view);
  };

  function caption(next: LiveCaption) {
    const captions = [...view.captions];
    const last = captions.findLastIndex((c) => c.speaker === next.speaker);
    // The server sends the whole caption so far: replace the utterance still in progress, else add a new one.
    if (last >= 0 && !captions[last].final && last === captions.length - 1) captions[last] = next;
    else captions.push(next);
    update({ captions });
  }

  function onEvent(event: any) {
    switch (event?.type) {
      case 'ready':
        attempt = 0;
        update({ connection: 'open', error: null });
        return;
      case 'state':
        update({ state: event.state });
        return;
      case 'caption':
        caption({ speaker: event.speaker, text: String(event.text ?? ''), final: event.final === true });
        return;
      case 'progress':
        update({ progress: { questionIndex: event.questionIndex, total: event.total, answered: event.answered, isFollowUp: event.isFollowUp === true } });
        return;
      case 'interrupt':
        options.player.stop();
        return;
      case 'ended':
        update({ connection: 'ended', state: 'ended' });
        return;
      case 'error':
        update({ error: { code: String(event.code), message: String(event.message) } });
        return;
    }
  }

  function connect() {
    const ws = createSocket(options.url);
    socket = ws;
    ws.binaryType = 'arraybuffer';
    ws.onmessage = (message) => {
      if (message.data instanceof ArrayBuffer) {
        if (!view.paused) options.player.play(new Int16Array(message.data.slice(0, message.data.byteLength - (message.data.byteLength % 2))));
        return;
      }
      try {
        onEvent(JSON.parse(String(message.data)));
      } catch {
        // Not ours: ignore.
      }
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      options.player.stop();
      if (closedByUs || view.connection === 'ended') return;
      if (event.code === TAKEN_OVER_CODE) return update({ connection: 'taken-over' });
      if (attempt >= delays.length) return update({ connection: 'failed' });
      update({ connection: 'reconnecting' });
      schedule(() => {
        if (!closedByUs) connect();
      }, delays[attempt++]);
    };
    ws.onerror = () => {};
    ws.onopen = () => {
      // Controls the server lost with the previous socket.
      if (view.muted) send({ type: 'mute' });
    };
  }

  function send(message: { type: string }) {
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  connect();
  return {
    view: () => view,
    /** A chunk of microphone audio, already PCM16 24 kHz mono (see toPcm16). Dropped while muted or paused. */
    sendAudio: (pcm: Int16Array) => {
      if (view.muted || view.paused || !socket || socket.readyState !== OPEN) return;
      socket.send(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.byteLength) as ArrayBuffer);
    },
    pause: () => {
      options.player.stop();
      update({ paused: true });
      send({ type: 'pause' });
    },
    resume: () => {
      update({ paused: false });
      send({ type: 'resume' });
    },
    mute: () => {
      update({ muted: true });
      send({ type: 'mute' });
    },
    unmute: () => {
      update({ muted: false });
      send({ type: 'unmute' });
    },
    repeat: () => send({ type: 'repeat' }),
    close: () => {
      closedByUs = true;
      options.player.stop();
      socket?.close(1000, 'closed by the page');
      socket = null;
    },
  };
}

/**
 * Microphone samples (Float32 in -1..1, at the AudioContext's rate) → PCM16 at 24 kHz, by linear interpolation
 * (downsampling 48 kHz speech after the browser's own filtering; enough for speech recognition).
 */
export function toPcm16(samples: Float32Array, inputRate: number): Int16Array {
  const length = Math.floor((samples.length * LIVE_SAMPLE_RATE) / inputRate);
  const out = new Int16Array(length);
  for (let i = 0; i < length; i++) {
    const at = (i * inputRate) / LIVE_SAMPLE_RATE;
    const j = Math.floor(at);
    const k = Math.min(samples.length - 1, j + 1);
    const v = samples[j] * (1 - (at - j)) + samples[k] * (at - j);
    out[i] = Math.round(Math.max(-1, Math.min(1, v)) * 32767);
  }
  return out;
}
