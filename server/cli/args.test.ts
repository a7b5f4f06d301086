import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/server/errors';
import { booleanFlag, CliUsageError, flagsOfUsage, optionalFlag, parseArgs, parseWithSchema, requiredFlag } from './args';
import { parseCriteria } from './commands/config-create';

describe('parseArgs', () => {
  it('reads --flag value, --flag=value and bare --flag', () => {
    expect(parseArgs(['--org', 'org_1', '--password=--starts-with-dashes', '--no-report', '--name', 'A B'])).toEqual({
      org: 'org_1',
      password: '--starts-with-dashes',
      'no-report': true,
      name: 'A B',
    });
  });

  it('a flag followed by another flag has no value', () => {
    expect(parseArgs(['--no-report', '--org', 'x'])).toEqual({ 'no-report': true, org: 'x' });
  });

  it('keeps an empty value given with =', () => {
    expect(parseArgs(['--name='])).toEqual({ name: '' });
  });

  it('rejects stray words, bare --, odd flag names and repeated flags', () => {
    expect(() => parseArgs(['org_1'])).toThrow(CliUsageError);
    expect(() => parseArgs(['--'])).toThrow(/unexpected argument/);
    expect(() => parseArgs(['--Org', 'x'])).toThrow(/bad flag/);
    expect(() => parseArgs(['--org', 'a', '--org', 'b'])).toThrow(/--org given twice/);
  });
});

describe('flag helpers', () => {
  it('flagsOfUsage lists every flag of a usage line, optional ones included', () => {
    expect([...flagsOfUsage('stage:create --org <orgId> --campaign <id> --name <n> [--no-report]')]).toEqual(['org', 'campaign', 'name', 'no-report']);
    expect(flagsOfUsage('demo:seed').size).toBe(0);
  });

  it('requiredFlag / optionalFlag / booleanFlag say what is wrong', () => {
    expect(requiredFlag({ org: 'x' }, 'org')).toBe('x');
    expect(() => requiredFlag({}, 'org')).toThrow('--org is required');
    expect(() => requiredFlag({ org: true }, 'org')).toThrow('--org needs a value');
    expect(optionalFlag({}, 'name')).toBeUndefined();
    expect(() => optionalFlag({ name: true }, 'name')).toThrow('--name needs a value');
    expect(booleanFlag({ 'no-report': true }, 'no-report')).toBe(true);
    expect(booleanFlag({}, 'no-report')).toBe(false);
    expect(() => booleanFlag({ 'no-report': 'yes' }, 'no-report')).toThrow('--no-report takes no value');
  });

  it('parseWithSchema names the flag in validation issues', () => {
    const schema = z.object({ jobId: z.string().min(3, 'Too short'), name: z.string() });
    expect(parseWithSchema(schema, { jobId: 'job', name: 'n' }, { jobId: 'job' })).toEqual({ jobId: 'job', name: 'n' });
    try {
      parseWithSchema(schema, { jobId: 'j', name: 'n' }, { jobId: 'job' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).issues).toEqual([{ path: '--job', message: 'Too short' }]);
    }
  });
});

describe('parseCriteria', () => {
  it('reads key:weight pairs, labels from keys, weight 1 by default', () => {
    expect(parseCriteria('communication:1, technical_depth:2.5,motivation')).toEqual([
      { key: 'communication', label: 'Communication', weight: 1 },
      { key: 'technical_depth', label: 'Technical depth', weight: 2.5 },
      { key: 'motivation', label: 'Motivation', weight: 1 },
    ]);
  });

  it('turns malformed weights into values the schema rejects', () => {
    expect(parseCriteria('a:x')[0].weight).toBeNaN();
    expect(parseCriteria('a:1:2')[0].weight).toBeNaN();
    expect(parseCriteria('a:')[0].weight).toBe(0);
  });
});
