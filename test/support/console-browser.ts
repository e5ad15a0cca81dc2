import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { coreModules } from '../../core-modules/index.js';
import { optionalPlugins } from '../../plugins/index.js';
import { launchChromium } from './chromium.js';
import { ensureConsoleBuilt } from './console-build.js';
import { freePort } from './free-port.js';
import { bootTestKernel, type TestKernel, type TestKernelOptions } from './test-kernel.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ARTIFACTS = join(root, 'test-artifacts');

export interface ConsoleUnderTest {
  kernel: TestKernel;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Content-Security-Policy violations and uncaught page errors seen so far. */
  problems: string[];
  /** A fresh page in a new browser context (another person, another device). */
  newPage(options?: { viewport?: { width: number; height: number } }): Promise<Page>;
  stop(): Promise<void>;
}

function watch(page: Page, problems: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) problems.push(`CSP: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
}

/** The whole server (every module and plugin) on a fresh database, and Chromium on its console. */
export async function startConsoleUnderTest(options: TestKernelOptions = {}): Promise<ConsoleUnderTest> {
  ensureConsoleBuilt();
  const browser = await launchChromium();
  // The browser uses the public address itself: passkeys are bound to it (origin and relying party).
  const port = await freePort();
  const kernel = await bootTestKernel({
    plugins: [...coreModules, ...optionalPlugins],
    ...options,
    env: { PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, ...options.env },
  });
  const problems: string[] = [];
  const contexts: BrowserContext[] = [];
  const newPage = async (pageOptions: { viewport?: { width: number; height: number } } = {}) => {
    // Reduced motion: the theme then skips transitions, so axe never sees a dialog half faded in.
    const context = await browser.newContext({
      reducedMotion: 'reduce',
      baseURL: `http://localhost:${port}`,
      viewport: pageOptions.viewport ?? { width: 1280, height: 800 },
    });
    contexts.push(context);
    const page = await context.newPage();
    // Generous: a CI machine has two cores, shared with the server, PostgreSQL and ffmpeg.
    page.setDefaultTimeout(20_000);
    page.setDefaultNavigationTimeout(30_000);
    watch(page, problems);
    return page;
  };
  const page = await newPage();
  return {
    kernel,
    browser,
    context: contexts[0]!,
    page,
    problems,
    newPage,
    stop: async () => {
      await browser.close();
      await kernel.stop();
    },
  };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * axe-core on the page as it is now (WCAG 2.1 A and AA rules): no serious or critical finding. It is
 * evaluated through the DevTools protocol, which the page's CSP does not govern.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary?.replace(/\s+/g, ' ')})`).join(', ')}`,
    ),
    `accessibility of ${what}`,
  ).to.deep.equal([]);
}

/** For `afterEach`: a failed test leaves a screenshot of every open page under test-artifacts/. */
export async function screenshotOnFailure(test: Mocha.Test | undefined, pages: Page[]): Promise<void> {
  if (test?.state !== 'failed') return;
  mkdirSync(ARTIFACTS, { recursive: true });
  const name = test
    .fullTitle()
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .slice(0, 120);
  await Promise.all(
    pages.filter((p) => !p.isClosed()).map((p, i) => p.screenshot({ path: join(ARTIFACTS, `${name}-${i}.png`), fullPage: true }).catch(() => undefined)),
  );
}

/** Signs in on the console's own sign-in page (password only), as a person would. */
export async function signIn(page: Page, credentials: { username: string; password: string }): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
}

/** The text a field's `aria-describedby` points at (its hint and the error shown under it), as a screen reader reads it out. */
export async function describedText(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/**
 * Opens a Mantine select (or multi-select) and picks an option by its text. A click that lands while
 * a dialog is still settling can leave the dropdown shut, or shut it again under the pointer while a
 * drawer slides in (a person would open it again): so does this, three times at most (a click on the
 * input opens the dropdown, never shuts it; a click on the option that did not happen changed nothing).
 */
export async function pickOption(page: Page, input: Locator, option: string): Promise<void> {
  const choice = page.getByRole('option', { name: option, exact: true });
  for (let attempt = 1; ; attempt++) {
    await input.click();
    try {
      await choice.waitFor({ timeout: 5_000 });
      await choice.click({ timeout: 5_000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/**
 * Picks an item up with the keyboard (focus its handle, Space) and waits until what a screen reader
 * hears says so. dnd-kit listens for the next keys only from a timer queued at pick-up, and a busy
 * browser serves key presses before timers: so this also waits for a timer queued after that one,
 * or the arrow key that follows can be lost.
 */
export async function pickUpWithKeyboard(page: Page, handle: Locator, announcement: string): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  await page.getByText(announcement).waitFor({ state: 'attached' });
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
