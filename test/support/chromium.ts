import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's `chromium` (what `.ci/run` installs), or the one CHROMIUM_PATH names. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium, or a failure that says how to get it: a browser test never skips silently. `args` adds
 * switches (a test that needs a host name other than localhost maps it with `--host-resolver-rules`).
 */
export async function launchChromium(args: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The console's browser tests need Chromium at ${CHROMIUM_PATH}. Install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
    );
  }
  // No sandbox: CI runs as root. The rest keeps Chromium off the network it has no business with.
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
  });
}
