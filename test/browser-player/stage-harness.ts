import { readFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import type { StageItem } from '../../browser-player/src/seams.js';
import { launchChromium } from '../support/chromium.js';

const renderDir = fileURLToPath(new URL('../../browser-player/src/render/', import.meta.url));
const cssPath = fileURLToPath(new URL('../../browser-player/src/player.css', import.meta.url));

/** The stage as the player ships it: `render/stage.ts` bundled for the browser, exposed as `window.Stage`. */
async function bundleStage(): Promise<string> {
  const out = await build({
    stdin: { contents: "import { Stage } from './stage.ts'; window.Stage = Stage;", resolveDir: renderDir, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
  });
  return out.outputFiles[0]!.text;
}

export interface StageHarness {
  browser: Browser;
  page: Page;
  /** Base URL of the local server: `${base}/media/<name>` serves what `files` holds; `${base}/stall/<name>` never answers. */
  base: string;
  /** Files served under `/media/` (name → bytes and type); add before the page asks for them. */
  files: Map<string, { body: Buffer; type: string }>;
  close(): Promise<void>;
}

export interface StageOptions {
  /** Chromium switches (an autoplay policy, say). */
  args?: string[];
  /** A script run in the page before the stage's own (to watch browser APIs the stage calls). */
  initScript?: string;
}

/**
 * A tiny HTTP server with a page that holds one Stage on `#root` (`window.stage`), and Chromium on
 * it. `window.ended` lists the keys whose `onEnded` fired, in order.
 */
export async function openStage(options: StageOptions = {}): Promise<StageHarness> {
  const [script, css] = await Promise.all([bundleStage(), readFile(cssPath, 'utf8')]);
  const files = new Map<string, { body: Buffer; type: string }>();
  const page = `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head>
<body><div id="root"></div><script src="/stage.js"></script><script>
// Functions the tests pass to page.evaluate are compiled by tsx, which names them with this helper.
window.__name = (f) => f;
window.ended = [];
window.stage = new window.Stage(document.getElementById('root'));
window.showItem = (item) => window.stage.show(item, () => window.ended.push(item.key));
</script></body></html>`;
  const stalled = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    // `/stall/...`: a file whose bytes never come (a network that hangs), answered at close.
    if (path.startsWith('/stall/')) {
      stalled.add(res);
      return;
    }
    const file = path.startsWith('/media/') ? files.get(decodeURIComponent(path.slice(7))) : undefined;
    const [status, type, body] =
      path === '/'
        ? [200, 'text/html', page]
        : path === '/stage.js'
          ? [200, 'text/javascript', script]
          : file
            ? [200, file.type, file.body]
            : [404, 'text/plain', 'not found'];
    // Videos seek with Range requests; answer them as a file server does.
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (file && range) {
      const start = Number(range[1]);
      const end = range[2] ? Number(range[2]) : file.body.length - 1;
      res.writeHead(206, {
        'content-type': type,
        'accept-ranges': 'bytes',
        'content-range': `bytes ${start}-${end}/${file.body.length}`,
        'content-length': end - start + 1,
      });
      return res.end(file.body.subarray(start, end + 1));
    }
    res.writeHead(status, { 'content-type': type, 'accept-ranges': 'bytes' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchChromium(options.args);
  const context = await browser.newContext({ viewport: { width: 960, height: 540 } });
  if (options.initScript) await context.addInitScript(options.initScript);
  const p = await context.newPage();
  await p.goto(`${base}/`);
  await p.waitForFunction(() => 'stage' in window);
  return {
    browser,
    page: p,
    base,
    files,
    async close() {
      await browser.close();
      for (const res of stalled) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Rgb = [number, number, number];
const RED: Rgb = [220, 30, 30];
const BLUE: Rgb = [30, 30, 220];

/** A PNG split in two colours: left|right, or top|bottom. */
export function twoTone(width: number, height: number, split: 'vertical' | 'horizontal', a = RED, b = BLUE): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const first = split === 'vertical' ? x < width / 2 : y < height / 2;
      raw.set(first ? a : b, (y * width + x) * 3);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Reads pixels of a PNG/JPEG as colour names a viewer would give them. */
export async function pixels(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at(x: number, y: number): 'red' | 'blue' | 'black' | 'other' {
      const i = (Math.round(y) * info.width + Math.round(x)) * 3;
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (r < 30 && g < 30 && b < 30) return 'black';
      if (r > 150 && g < 90 && b < 90) return 'red';
      if (b > 150 && r < 90 && g < 90) return 'blue';
      return 'other';
    },
  };
}

/** A stage item with everyday settings (a minute long, contained, cut in, silent). */
export const item = (over: Partial<StageItem> & Pick<StageItem, 'key' | 'kind'>): StageItem => ({
  itemId: over.key,
  fitMode: 'contain',
  transition: 'none',
  audioEnabled: false,
  volume: 1,
  durationMs: 60_000,
  ...over,
});

/** What the tests ask of the page's stage, each a real call in the browser. */
export function stageCalls(harness: () => StageHarness) {
  type PageStage = { showItem(i: StageItem): Promise<void>; stage: { capture(): Promise<Uint8Array | undefined> } };
  return {
    show: (i: StageItem) => harness().page.evaluate((x) => (window as never as PageStage).showItem(x), i),
    /** `shown`, or `rejected` when the stage refused the item. */
    attempt: (i: StageItem) =>
      harness().page.evaluate(
        (x) =>
          (window as never as PageStage)
            .showItem(x)
            .then(() => 'shown')
            .catch(() => 'rejected'),
        i,
      ),
    showing: () =>
      harness().page.evaluate(() => ({
        item: document.getElementById('root')!.dataset.showingItem,
        kind: document.getElementById('root')!.dataset.showingKind,
      })),
    screenshot: async () => pixels(await harness().page.screenshot()),
    capture: async () => Buffer.from(await harness().page.evaluate(async () => Array.from((await (window as never as PageStage).stage.capture())!))),
  };
}
