import { runCli } from '../kernel/run-cli.js';
import { application } from './application.js';

// `npm run cli -- <command> [args]`: the operator's tools, on the server's configuration.
process.exitCode = await runCli(application, process.argv.slice(2));
