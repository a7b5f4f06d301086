import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { router, scopedProcedure } from '@/server/trpc';
import { buildOpenApiDocument, serializeOpenApiDocument } from './build-openapi-document';

/** A router of the shapes the completion must handle, independent of the real resources. */
const thingsRouter = router({
  things: router({
    get: scopedProcedure('reports:read')
      .meta({
        openapi: { method: 'GET', path: '/things/{id}', tags: ['Things'], summary: 'Retrieve a thing', description: 'Reads one. Scope reports:read.', errorResponses: { 409: 'Not in this state', 410: 'Gone for good' } },
        otherResponses: { 202: { description: 'Still being made', schema: z.object({ id: z.string(), status: z.literal('PENDING') }) } },
      })
      .input(z.object({ id: z.string().describe('Thing id.'), verbose: z.boolean().optional().describe('Say more.') }))
      .output(z.object({ id: z.string(), count: z.number().int() }))
      .query(({ input }) => ({ id: input.id, count: 1 })),
    create: scopedProcedure('candidates:write')
      .meta({ openapi: { method: 'POST', path: '/things', tags: ['Things'], summary: 'Create a thing' }, successStatus: 201 })
      .input(z.object({ name: z.string() }))
      .output(z.object({ id: z.string() }))
      .mutation(() => ({ id: 'x' })),
  }),
});

const doc = buildOpenApiDocument(thingsRouter) as any;

describe('buildOpenApiDocument', () => {
  it('reads the scope from scopedProcedure and states it once', () => {
    const op = doc.paths['/things/{id}'].get;
    expect(op['x-required-scopes']).toEqual(['reports:read']);
    expect(op.description).toBe('Reads one.\n\nRequired scope: `reports:read`.');
    expect(op.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
    expect(doc.paths['/things'].post['x-required-scopes']).toEqual(['candidates:write']);
  });

  it('moves the success response to meta.successStatus and adds Idempotency-Key and body errors to POSTs', () => {
    const op = doc.paths['/things'].post;
    expect(Object.keys(op.responses)).toEqual(['201', '400', '401', '403', '409', '413', '415', '422', '429', '500']);
    expect(op.parameters).toEqual([{ $ref: '#/components/parameters/IdempotencyKey' }]);
    expect(Object.keys(op.responses['201'].headers)).toEqual(['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Idempotent-Replayed']);
  });

  it('infers 400/404 from parameters, adds declared errors and other responses', () => {
    const op = doc.paths['/things/{id}'].get;
    expect(Object.keys(op.responses)).toEqual(['200', '202', '400', '401', '403', '404', '409', '410', '429', '500']);
    expect(op.responses['202'].content['application/json'].schema).toMatchObject({ properties: { status: { const: 'PENDING' } } });
    expect(op.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(op.responses['409'].description).toBe('Not in this state');
    expect(op.responses['410'].content['application/json'].example.error.code).toBe('GONE');
    expect(op.responses['410'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(op.parameters.find((p: any) => p.name === 'verbose').description).toBe('Say more.');
  });

  it('drops zod’s safe-integer bounds and the generator’s own error schemas', () => {
    const count = doc.paths['/things/{id}'].get.responses['200'].content['application/json'].schema.properties.count;
    expect(count).toEqual({ type: 'integer' });
    expect(Object.keys(doc.components.schemas).sort()).toEqual(['CampaignExport', 'Error']);
  });

  it('always includes the hand-written export path and lists tags, known ones described', () => {
    expect(doc.paths['/reports/export'].get['x-required-scopes']).toEqual(['reports:read']);
    expect(doc.tags).toEqual([{ name: 'Reports', description: expect.any(String) }, { name: 'Things' }]);
  });

  it('sorts paths and is the same text every time', () => {
    expect(Object.keys(doc.paths)).toEqual(['/interviews/{id}/explanation', '/reports/export', '/things', '/things/{id}']);
    expect(serializeOpenApiDocument(buildOpenApiDocument(thingsRouter))).toBe(serializeOpenApiDocument(doc));
  });

  it('refuses a procedure that a hand-written route would shadow', () => {
    const clash = router({
      export: scopedProcedure('reports:read')
        .meta({ openapi: { method: 'GET', path: '/reports/export', tags: ['Reports'], summary: 'x' } })
        .input(z.object({}))
        .output(z.object({}))
        .query(() => ({})),
    });
    expect(() => buildOpenApiDocument(clash)).toThrow(/both a procedure and a hand-written route/);
  });
});
