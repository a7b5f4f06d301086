import type { AgentContextDto, FinalizeInterviewOutput } from '@/server/services/interviews/agent-schemas';
import type { HistoryDto, TurnDto } from '@/server/services/turns/turn-schemas';

/** How the agent authenticates: the service-wide secret, or a media token for one interview. */
export type AgentAuth = { agentSecret: string } | { mediaToken: string };

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export class AgentApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
    super(`${method} ${path} → ${status}${error ? ` ${error.code}: ${error.message}` : ''}`);
    this.name = 'AgentApiError';
  }
}

export type TurnInput = {
  turnNumber: number;
  role: 'agent' | 'candidate';
  content?: string;
  audioUrl?: string | null;
  isPendingQuestion?: boolean;
  evaluation?: Record<string, unknown> | null;
  /** The turn's timing (ISO 8601; ms in the interview's whole recording), CONTRACT §13. */
  startedAt?: string | null;
  endedAt?: string | null;
  offsetMs?: number | null;
  durationMs?: number | null;
};

export type TurnPatch = {
  content?: string;
  audioUrl?: string | null;
  evaluation?: Record<string, unknown> | null;
  startedAt?: string | null;
  endedAt?: string | null;
  offsetMs?: number | null;
  durationMs?: number | null;
};

export type AgentClientOptions = {
  baseUrl: string;
  auth: AgentAuth;
  /** Another transport (the in-process dispatcher); the global fetch by default. */
  fetch?: FetchLike;
  /** Attempts per request on network errors, 429 and 5xx. The routes are idempotent, so retrying is safe. */
  attempts?: number;
};

/** A plain HTTP client of the internal agent routes, as a voice agent service would hold one. */
export function createAgentClient(options: AgentClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const attempts = options.attempts ?? 3;
  const authHeaders: Record<string, string> =
    'agentSecret' in options.auth ? { 'x-agent-secret': options.auth.agentSecret } : { authorization: `Bearer ${options.auth.mediaToken}` };

  async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await doFetch(`${baseUrl}${path}`, {
          method,
          headers: { ...authHeaders, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
          body: body !== undefined ? JSON.stringify(body) : undefined,
        });
      } catch (error) {
        if (attempt >= attempts) throw error;
        await sleep(200 * attempt);
        continue;
      }
      const text = await res.text();
      const parsed = text ? safeJson(text) : null;
      if (res.ok) return { status: res.status, body: parsed as T };
      if ((res.status >= 500 || res.status === 429) && attempt < attempts) {
        await sleep(Math.max(200 * attempt, Number(res.headers.get('retry-after') ?? 0) * 1000));
        continue;
      }
      throw new AgentApiError(method, path, res.status, parsed);
    }
  }

  const base = (interviewId: string) => `/api/interviews/${encodeURIComponent(interviewId)}`;
  return {
    getContext: async (interviewId: string) => (await call<AgentContextDto>('GET', `${base(interviewId)}/context`)).body,
    getHistory: async (interviewId: string) => (await call<HistoryDto>('GET', `${base(interviewId)}/history`)).body,
    recordTurn: (interviewId: string, turn: TurnInput) => call<TurnDto>('POST', `${base(interviewId)}/turns`, turn),
    updateTurn: async (interviewId: string, turnNumber: number, patch: TurnPatch) =>
      (await call<TurnDto>('PATCH', `${base(interviewId)}/turns/${turnNumber}`, patch)).body,
    finalize: async (interviewId: string, body: { endedAt?: string; audioUrl?: string; generateReport?: boolean } = {}) =>
      (await call<FinalizeInterviewOutput>('POST', `${base(interviewId)}/finalize`, body)).body,
  };
}

export type AgentClient = ReturnType<typeof createAgentClient>;

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
