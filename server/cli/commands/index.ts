import type { CliCommand } from '../command';
import { campaignCreateCommand } from './campaign-create';
import { configCreateCommand } from './config-create';
import { demoSeedCommand } from './demo-seed';
import { integrationCreateCommand } from './integration-create';
import { jobCreateCommand } from './job-create';
import { keyCreateCommand } from './key-create';
import { keyRevokeCommand } from './key-revoke';
import { orgCreateCommand } from './org-create';
import { stageCreateCommand } from './stage-create';
import { reportRetryCommand } from './report-retry';
import { testsImportCommand } from './tests-import';
import { userCreateCommand } from './user-create';

/** Every admin CLI command, one file each; add yours here. */
export const CLI_COMMANDS: CliCommand[] = [
  orgCreateCommand,
  keyCreateCommand,
  keyRevokeCommand,
  userCreateCommand,
  jobCreateCommand,
  campaignCreateCommand,
  stageCreateCommand,
  configCreateCommand,
  demoSeedCommand,
  testsImportCommand,
  reportRetryCommand,
  integrationCreateCommand,
];
