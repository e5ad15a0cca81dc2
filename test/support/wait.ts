/**
 * Checks until `accept` holds or `ms` pass, then returns the last value checked (the test's
 * expectations then say what was wrong). Tests wait on conditions this way, never a fixed sleep.
 */
export async function eventually<T>(check: () => T | Promise<T>, accept: (value: T) => boolean, ms = 5_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
