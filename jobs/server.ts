import { runServer } from '../kernel/run-server.js';
import { application } from './application.js';

// `npm start` (web and worker in one process) and `npm run web` (`--role=web`: HTTP only).
await runServer(application, 'all');
