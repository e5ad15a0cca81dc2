import { type Config, ConfigError, loadConfig } from './config.js';
import { type Application, startKernel } from './kernel.js';
import { createLogger } from './logger.js';

/**
 * `npm run cli -- <command> [args]` (entry point `jobs/cli.ts`): tools run on the server itself, such as lock-out recovery.
 * It uses the same configuration as the server; with the embedded database it connects to the
 * running server's database, or starts it briefly when the server is stopped.
 */
export async function runCli(app: Application, argv: string[]): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`signage-server: configuration error: ${err.message}\n`);
    return 78;
  }
  const kernel = await startKernel({ ...app, config, role: 'cli', logger: createLogger('warn', process.stderr) });
  try {
    const words = argv.filter((a) => !a.startsWith('--'));
    const found = kernel.commands
      .filter(({ command }) => command.name.split(' ').every((w, i) => words[i] === w))
      .sort((a, b) => b.command.name.length - a.command.name.length)[0];
    if (!found) {
      process.stdout.write('Usage: npm run cli -- <command>\n\nCommands:\n');
      for (const { command } of kernel.commands) process.stdout.write(`  ${command.usage.padEnd(40)} ${command.summary}\n`);
      return words.length === 0 || words[0] === 'help' ? 0 : 64;
    }
    const args = argv.slice(found.command.name.split(' ').length);
    try {
      await found.command.run(args, kernel.containerOf(found.plugin).cradle, (line) => process.stdout.write(`${line}\n`));
      return 0;
    } catch (err) {
      process.stderr.write(`${found.command.name}: ${(err as Error).message}\n`);
      return 1;
    }
  } finally {
    await kernel.stop();
  }
}
