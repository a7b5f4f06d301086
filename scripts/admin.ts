/**
 * The operator's CLI: `npm run admin -- <command> [--flags]`. JSON on stdout; on error a one-line message on
 * stderr and a non-zero exit. Commands live in server/cli/commands/.
 */
// Logs would mix with the JSON on stdout: silent unless the operator asks for them.
process.env.LOG_LEVEL ??= 'silent';

// Outside production, the same generated secrets as `npm run dev` (invitation links are sealed with one of them).
(await import('@/server/dev-secrets')).ensureDevSecrets();
// Only the settings a command uses: creating a user must not demand the web server's APP_URL and secrets.
(await import('@/server/env')).useCliEnvironment();

const { runCli } = await import('@/server/cli/run-cli');
const { CLI_COMMANDS } = await import('@/server/cli/commands');

const code = await runCli(process.argv.slice(2), {
  commands: CLI_COMMANDS,
  // Loaded only once the arguments are known to be good.
  openDatabase: async () => (await import('@/server/configured-database')).openConfiguredDatabase(),
  startJobQueue: async (database) => (await import('@/server/jobs/queue')).startJobQueue(database),
});
// Exit at once with the command's status: nothing (pools, timers) may keep an admin command alive.
process.exit(code);
export {};
