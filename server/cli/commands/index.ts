import type { CliCommand } from '../command';
import { reportRetryCommand } from './report-retry';
import { testsImportCommand } from './tests-import';

/** Every admin CLI command, one file each; add yours here. */
export const CLI_COMMANDS: CliCommand[] = [testsImportCommand, reportRetryCommand];
