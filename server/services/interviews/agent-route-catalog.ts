/**
 * The internal routes a voice agent calls, each open to X-Agent-Secret or a media token: the one list that the HTTP
 * door binds its handlers to (server/http/routes.ts) and that the Settings page shows.
 */
export const AGENT_ROUTE_CATALOG = [
  { name: 'context', method: 'GET', path: '/api/interviews/:id/context', description: 'What the agent needs: candidate, job, questions, criteria' },
  { name: 'history', method: 'GET', path: '/api/interviews/:id/history', description: 'The turns so far and the pending question' },
  { name: 'recordTurn', method: 'POST', path: '/api/interviews/:id/turns', description: 'Record a turn (201; the same turn again: 200)' },
  { name: 'updateTurn', method: 'PATCH', path: '/api/interviews/:id/turns/:turnNumber', description: 'Correct a turn (content, audio, evaluation)' },
  { name: 'finalize', method: 'POST', path: '/api/interviews/:id/finalize', description: 'End the interview and request its report' },
] as const;

export type AgentRouteName = (typeof AGENT_ROUTE_CATALOG)[number]['name'];
