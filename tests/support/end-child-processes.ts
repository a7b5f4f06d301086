import { afterAll } from 'vitest';
import { killAllGroups } from './child-processes';

/**
 * Each test file's last afterAll (a setup file's hooks run after the file's own): a process group the file started
 * and did not end, because a test failed before its own cleanup or forgot it, ends with the file rather than
 * with the whole run. Nothing to do, at no cost, for a file that started nothing.
 */
afterAll(() => {
  killAllGroups();
});
