import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.js';

export type { Logger };

// Credentials must never reach a log line, whatever a caller passes in.
const REDACT = [
  'req.headers.authorization',
  // A browser's player socket offers its device credential as a subprotocol (see SocketRouteDef.subprotocol).
  'req.headers["sec-websocket-protocol"]',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.secret',
  '*.token',
  '*.passwordHash',
  '*.totpSecret',
];

export function createLogger(level: LogLevel, destination?: NodeJS.WritableStream): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' }, base: { pid: process.pid } }, destination ?? process.stdout);
}
