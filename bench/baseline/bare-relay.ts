import { createServer } from 'node:http';
import { WebSocket, WebSocketServer, type RawData } from 'ws';

/**
 * The live scenario's bare baseline (bench/scenarios/live.ts): the same path as the product's live conversation
 * without its logic. A `ws` server at /api/invitations/:token/live that opens one plain `ws` connection per page to
 * the realtime provider (REALTIME_URL), sends the same session settings, relays the page's PCM16 frames as
 * `input_audio_buffer.append`, the provider's audio back as binary frames and its events as the page protocol's
 * `state` / `caption` events, and asks the next question (`response.create` with fixed words) the moment a
 * transcript arrives: no database, no token check, no evaluation, no SDK. What the product adds over it is its
 * share of the latency: the answer recorded and evaluated, the next question decided, the `openai` SDK's client.
 */

const port = Number(process.env.PORT);
const upstream = process.env.REALTIME_URL ?? '';
const silenceMs = Number(process.env.SILENCE_MS ?? 900);
const LIVE_PATH = /^\/api\/invitations\/([^/?#]+)\/live/;

const say = (text: string) => ['Say the following to the candidate, word for word, then stop and listen.', '"""', text, '"""'].join('\n');

function relay(page: WebSocket, token: string): void {
  const provider = new WebSocket(upstream, { headers: { authorization: 'Bearer bare-relay' }, perMessageDeflate: false, maxPayload: 16 * 1024 * 1024 });
  const toPage = (event: unknown) => {
    if (page.readyState === page.OPEN) page.send(JSON.stringify(event));
  };
  const toProvider = (event: unknown) => {
    if (provider.readyState === provider.OPEN) provider.send(JSON.stringify(event));
  };
  let asked = 0;
  let caption = '';
  const ask = (text: string) => {
    caption = '';
    toPage({ type: 'state', state: 'thinking' });
    toProvider({ type: 'response.create', response: { instructions: say(text), output_modalities: ['audio'] } });
  };
  provider.on('open', () => {
    toProvider({
      type: 'session.update',
      session: {
        type: 'realtime',
        instructions: 'You are an interviewer.',
        output_modalities: ['audio'],
        audio: {
          input: { format: { type: 'audio/pcm', rate: 24_000 }, transcription: { model: 'whisper-1' }, turn_detection: { type: 'server_vad', silence_duration_ms: silenceMs, prefix_padding_ms: 300, threshold: 0.5, create_response: false, interrupt_response: false } },
          output: { format: { type: 'audio/pcm', rate: 24_000 }, voice: 'alloy' },
        },
      },
    });
    toPage({ type: 'ready', language: 'en', questionCount: 40 });
    // The token stands for the candidate (the bench finds the provider session by it, as it finds the product's by name).
    ask(`Hello ${token}. Question ${++asked}?`);
  });
  page.on('message', (data: RawData, isBinary: boolean) => {
    if (!isBinary) return;
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    toProvider({ type: 'input_audio_buffer.append', audio: bytes.toString('base64') });
  });
  provider.on('message', (raw: RawData) => {
    const event = JSON.parse(raw.toString());
    switch (event.type) {
      case 'response.output_audio.delta':
        if (page.readyState === page.OPEN) page.send(Buffer.from(event.delta, 'base64'), { binary: true });
        return;
      case 'response.output_audio_transcript.delta':
        caption += event.delta;
        return toPage({ type: 'caption', speaker: 'interviewer', text: caption, final: false });
      case 'response.done':
        toPage({ type: 'caption', speaker: 'interviewer', text: caption, final: true });
        return toPage({ type: 'state', state: 'listening' });
      case 'input_audio_buffer.speech_started':
        return toPage({ type: 'state', state: 'listening' });
      case 'input_audio_buffer.speech_stopped':
        return toPage({ type: 'state', state: 'thinking' });
      case 'conversation.item.input_audio_transcription.completed':
        toPage({ type: 'caption', speaker: 'candidate', text: event.transcript, final: true });
        return ask(`Question ${++asked}?`);
      default:
        return;
    }
  });
  page.on('close', () => provider.close());
  provider.on('close', () => page.close());
  provider.on('error', () => page.terminate());
  page.on('error', () => provider.terminate());
}

const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 64 * 1024 });
const server = createServer((_req, res) => res.writeHead(404).end());
server.on('upgrade', (req, socket, head) => {
  const match = LIVE_PATH.exec(req.url ?? '');
  if (!match) return socket.destroy();
  wss.handleUpgrade(req, socket, head, (ws) => relay(ws, decodeURIComponent(match[1])));
});
server.listen(port, '127.0.0.1', () => console.log(`bare relay on ${port}`));
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => process.exit(0));
