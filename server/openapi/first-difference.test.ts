import { describe, expect, it } from 'vitest';
import { firstDifference } from './first-difference';

describe('firstDifference', () => {
  it('is null for equal documents', () => {
    expect(firstDifference({ a: [1, { b: 'x' }], c: null }, { a: [1, { b: 'x' }], c: null })).toBeNull();
  });

  it('names the first differing value with a readable path', () => {
    const expected = { paths: { '/candidates': { get: { responses: { '200': { description: 'OK' } } } } } };
    const actual = { paths: { '/candidates': { get: { responses: { '200': { description: 'Fine' } } } } } };
    expect(firstDifference(expected, actual)).toEqual({ path: '$.paths["/candidates"].get.responses["200"].description', reason: 'different value' });
  });

  it('tells a missing key from an unexpected one', () => {
    expect(firstDifference({ a: 1, b: 2 }, { a: 1 })).toEqual({ path: '$.b', reason: 'missing' });
    expect(firstDifference({ a: 1 }, { a: 1, 'x-y': 2 })).toEqual({ path: '$["x-y"]', reason: 'unexpected' });
  });

  it('walks arrays by index and counts length', () => {
    expect(firstDifference({ tags: ['a', 'b'] }, { tags: ['a', 'c'] })).toEqual({ path: '$.tags[1]', reason: 'different value' });
    expect(firstDifference({ tags: ['a'] }, { tags: ['a', 'b'] })).toEqual({ path: '$.tags[1]', reason: 'unexpected' });
    expect(firstDifference([1], { 0: 1 })).toEqual({ path: '$', reason: 'different value' });
  });

  it('reports key order, since the committed file is compared as text', () => {
    expect(firstDifference({ a: 1, b: 2 }, { b: 2, a: 1 })).toEqual({ path: '$.a', reason: 'key order differs' });
  });

  it('tells null from an object and numbers from strings', () => {
    expect(firstDifference({ a: null }, { a: {} })).toEqual({ path: '$.a', reason: 'different value' });
    expect(firstDifference({ a: 1 }, { a: '1' })).toEqual({ path: '$.a', reason: 'different value' });
  });
});
