import { setCurrentTest, takeMismatches } from './response-conformance.js';
import { startTestServer, stopTestServer } from './test-database.js';

export async function mochaGlobalSetup() {
  await startTestServer();
}

export async function mochaGlobalTeardown() {
  await stopTestServer();
}

/**
 * Every answer a test kernel gave must match its OpenAPI operation (see response-conformance.ts).
 * Checked once at the end, naming the tests: a failing root hook would stop the rest of the run.
 */
export const mochaHooks = {
  beforeEach(this: Mocha.Context) {
    setCurrentTest(this.currentTest?.fullTitle() ?? '');
  },
  afterAll() {
    const found = takeMismatches();
    if (found.length > 0) throw new Error(`responses contradict openapi.json:\n  ${found.join('\n  ')}`);
  },
};
