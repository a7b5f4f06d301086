import { describe, expect, it } from 'vitest';
import { RouteTable, type DoorRoute } from './define-route';

const echo = (method: DoorRoute['method'], path: string): DoorRoute => ({
  method,
  path,
  answer: async (_req, params) => Response.json({ method, path, params }),
});

const table = new RouteTable([echo('POST', '/api/interviews/:id/turns'), echo('PATCH', '/api/interviews/:id/turns/:turnNumber'), echo('GET', '/api/docs')]);

describe('RouteTable', () => {
  it('serves the route of the method with its decoded parameters, with or without a trailing slash', async () => {
    const res = await table.dispatch(new Request('http://x/api/interviews/itv%5F1/turns/7/', { method: 'PATCH' }))!;
    expect(await res.json()).toEqual({ method: 'PATCH', path: '/api/interviews/:id/turns/:turnNumber', params: { id: 'itv_1', turnNumber: '7' } });
  });

  it('answers the one 404 envelope for a method the path does not serve, and null for a path it does not claim', async () => {
    const res = await table.dispatch(new Request('http://x/api/interviews/itv_1/turns', { method: 'GET' }))!;
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.error).toMatchObject({ code: 'NOT_FOUND', message: 'No route matches GET /api/interviews/itv_1/turns' });
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
    expect(table.dispatch(new Request('http://x/api/interviews/itv_1/other'))).toBeNull();
    expect(table.claims('/api/docs')).toBe(true);
    expect(table.claims('/api/docsx')).toBe(false);
  });

  it('leaves a malformed escape as sent (the id is then simply not found)', async () => {
    const res = await table.dispatch(new Request('http://x/api/interviews/%E0%A4%A/turns', { method: 'POST' }))!;
    expect((await res.json()).params.id).toBe('%E0%A4%A');
  });
});
