import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { parseTestSessionFile } from './parse-test-session-file';

const HEADER = 'candidateId,campaignId,testName,score,maxScore,startedAt,completedAt,results';

function issuesOf(action: () => unknown) {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).issues?.map((i) => i.path);
  }
  throw new Error('expected a failure');
}

describe('parseTestSessionFile', () => {
  it('reads a JSON array as it is', () => {
    expect(parseTestSessionFile('[{"a":1},{"b":2}]', 'x.json')).toEqual([{ a: 1 }, { b: 2 }]);
    expect(parseTestSessionFile(' \n[]')).toEqual([]);
    expect(() => parseTestSessionFile('{"a":1}', 'x.json')).toThrow(/must be an array/);
    expect(() => parseTestSessionFile('[{"a":1}', 'x.json')).toThrow(/not valid JSON/);
  });

  it('reads CSV cells as fields: numbers for scores, JSON for results, nothing for empty cells', () => {
    const text = `\uFEFF${HEADER}\r\ncnd_1,cmp_1,"Algo, part 1",12.5,20,,2026-01-01T00:00:00Z,"[{""task"":""t"",""score"":1,""maxScore"":2,""passed"":true}]"\r\ncnd_2,cmp_1,SQL,abc,10,2026-01-01T00:00:00Z,2026-01-01T01:00:00Z,\r\n`;
    expect(parseTestSessionFile(text, 'results.csv')).toEqual([
      {
        candidateId: 'cnd_1',
        campaignId: 'cmp_1',
        testName: 'Algo, part 1',
        score: 12.5,
        maxScore: 20,
        completedAt: '2026-01-01T00:00:00Z',
        results: [{ task: 't', score: 1, maxScore: 2, passed: true }],
      },
      // A score that is not a number stays text, for the validation to name it.
      { candidateId: 'cnd_2', campaignId: 'cmp_1', testName: 'SQL', score: 'abc', maxScore: 10, startedAt: '2026-01-01T00:00:00Z', completedAt: '2026-01-01T01:00:00Z' },
    ]);
  });

  it('names unknown and missing columns and bad results cells by row', () => {
    expect(issuesOf(() => parseTestSessionFile('candidateId,campaignId,testName,score,maxScore,completedAt,colour\nc,c,t,1,2,x,red\n', 'f.csv'))).toEqual(['header.colour']);
    expect(issuesOf(() => parseTestSessionFile('candidateId,testName,score,maxScore,completedAt\nc,t,1,2,x\n', 'f.csv'))).toEqual(['header.campaignId']);
    expect(issuesOf(() => parseTestSessionFile(`${HEADER}\nc,c,t,1,2,,x,"[1,2]"\nc,c,t,1,2,,x,{oops\nc,c,t,1,2,,x,nope\n`, 'f.csv'))).toEqual([
      'row 2.results',
      'row 3.results',
    ]);
    expect(() => parseTestSessionFile(`${HEADER}\n"unterminated,c,t,1,2,,x,\n`, 'f.csv')).toThrow(/not valid CSV/);
  });
});
