import { runServer } from '../kernel/run-server.js';
import { application } from './application.js';

// `npm run demo`: the whole server in demo mode (seeded on first start, with simulated screens),
// keeping its data apart from a real installation's unless DATA_DIR says otherwise.
process.env.SIGNAGE_ENV = 'demo';
process.env.DATA_DIR ??= './data-demo';
await runServer(application, 'all');
