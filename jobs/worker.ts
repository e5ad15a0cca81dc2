import { runServer } from '../kernel/run-server.js';
import { application } from './application.js';

// `npm run worker`: runs background jobs and cron schedules only, with no HTTP server, so a site can
// scale workers apart from web processes on the same database.
await runServer(application, 'worker');
