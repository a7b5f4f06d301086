import type { CliCommand } from '../command';

/** Every admin CLI command, one file each; add yours here. */
export const CLI_COMMANDS: CliCommand[] = [];
