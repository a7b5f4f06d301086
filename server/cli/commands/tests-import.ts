import { readFile } from 'node:fs/promises';
import { AppError } from '@/server/errors';
import { importTestSessions } from '@/server/services/test-sessions/import-test-sessions';
import type { CliCommand } from '../command';

/** `tests:import --org <orgId> --file results.json|results.csv` → {"imported":N,"ids":["tst_…"]}, all or nothing. */
export const testsImportCommand: CliCommand = {
  name: 'tests:import',
  usage:
    'tests:import --org <orgId> --file <results.json|results.csv>  (a JSON array of { candidateId, campaignId, testName, score, maxScore, startedAt, completedAt, results }, or a CSV with those columns and results as a JSON cell)',
  run: async ({ database, args }) => {
    const orgId = args.org;
    const file = args.file;
    if (typeof orgId !== 'string') throw new AppError('VALIDATION_ERROR', 'Missing --org <orgId>');
    if (typeof file !== 'string') throw new AppError('VALIDATION_ERROR', 'Missing --file <path>');
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new AppError('VALIDATION_ERROR', `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    return importTestSessions(database.db, { orgId, text, fileName: file });
  },
};
