import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How the fake answers the next requests. */
export type FakeLlmMode =
  /** A chat completion whose message content is `content` (default: a JSON summary). */
  | { kind: 'ok'; content?: string; delayMs?: number }
  /** An HTTP error status with an OpenAI-style error body. */
  | { kind: 'status'; status: number }
  /** Never answers (the client's timeout must fire). */
  | { kind: 'hang' };

export type FakeLlmRequest = { path: string; headers: IncomingHttpHeaders; body: any };

export type FakeLlmServer = {
  /** Base URL to give as LLM_BASE_URL (ends in /v1, as the OpenAI SDK expects). */
  baseUrl: string;
  requests: FakeLlmRequest[];
  setMode: (mode: FakeLlmMode) => void;
  close: () => Promise<void>;
};

export const FAKE_LLM_SUMMARY = 'The candidate explained their work clearly and showed solid technical depth (turn 4).';

/**
 * A small OpenAI-compatible server (node:http) answering POST /v1/chat/completions, so the report generator
 * runs the real `openai` SDK end to end. It records every request and can be told to fail.
 */
export async function startFakeLlmServer(): Promise<FakeLlmServer> {
  let mode: FakeLlmMode = { kind: 'ok' };
  const requests: FakeLlmRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: any = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
        return;
      }
      if (mode.kind === 'hang') return;
      if (mode.kind === 'status') {
        res.writeHead(mode.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'fake failure', type: 'server_error' } }));
        return;
      }
      const content = mode.content ?? JSON.stringify({ summary: FAKE_LLM_SUMMARY });
      const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-fake-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body?.model ?? 'unknown',
          choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
      if (mode.delayMs) setTimeout(answer, mode.delayMs);
      else answer();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setMode: (next) => {
      mode = next;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
