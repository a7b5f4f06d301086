import { z } from 'zod';
import { idString, isoDateTime } from '../fields';

/** A finished test may be recorded a little ahead of our clock, never from the future. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

const points = (description: string) => z.number('Must be a number').finite('Must be a finite number').min(0, 'Must be at least 0').max(1_000_000, 'Must be at most 1000000').describe(description);

export const TestTaskResultInputSchema = z
  .strictObject({
    task: z.string('Must be a string').trim().min(1, 'Required').max(200, 'Must be at most 200 characters').describe('Task name.'),
    score: points('Points scored on the task.'),
    maxScore: points('Points available on the task; more than 0.').refine((v) => v > 0, 'Must be more than 0'),
    passed: z.boolean('Must be true or false'),
  })
  .refine((r) => r.score <= r.maxScore, { path: ['score'], message: 'Must be at most maxScore' });

export const RecordTestSessionInputSchema = z
  .strictObject({
    candidateId: idString('Candidate id (cnd_…) of the organization.'),
    campaignId: idString('Campaign id (cmp_…) of the organization; the session takes its job.'),
    testName: z.string('Must be a string').trim().min(1, 'Required').max(200, 'Must be at most 200 characters').describe('Name of the test.'),
    score: points('Points scored.'),
    maxScore: points('Points available; more than 0.').refine((v) => v > 0, 'Must be more than 0'),
    startedAt: isoDateTime().nullable().optional().describe('When the candidate started, ISO 8601.'),
    completedAt: isoDateTime().describe('When the candidate finished, ISO 8601; not before startedAt.'),
    results: z.array(TestTaskResultInputSchema).max(500, 'At most 500 results').default([]).describe('Per-task results.'),
  })
  .superRefine((input, ctx) => {
    if (input.score > input.maxScore) ctx.addIssue({ code: 'custom', path: ['score'], message: 'Must be at most maxScore' });
    if (input.startedAt && input.completedAt < input.startedAt) {
      ctx.addIssue({ code: 'custom', path: ['completedAt'], message: 'Must not be before startedAt' });
    }
    if (input.completedAt.getTime() > Date.now() + CLOCK_SKEW_MS) ctx.addIssue({ code: 'custom', path: ['completedAt'], message: 'Must not be in the future' });
  });

export type RecordTestSessionInput = z.infer<typeof RecordTestSessionInputSchema>;
