import { startTestServer, stopTestServer } from './test-database.js';

export async function mochaGlobalSetup() {
  await startTestServer();
}

export async function mochaGlobalTeardown() {
  await stopTestServer();
}
