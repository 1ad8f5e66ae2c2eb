/**
 * INP of the interactions a shop repeats (`npm run lighthouse -- --inp`): typing in a takeoff cell and
 * moving on, ticking a To Fabricate row, opening a job from the jobs list. Each is done on a fresh
 * load of its screen, once its data is shown, in the full Chromium at a phone's size with the CPU
 * slowed 4× (as Lighthouse's mobile preset), and measured by the web-vitals library (its attribution
 * build: the event, the slowest phase). Not part of `npm test`: timings depend on the machine.
 *
 * web-vitals reports only interactions of 40 ms or more (the Event Timing API's threshold): an
 * interaction none of whose events reached it is printed as "< 40 ms".
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Page } from 'playwright';
import type { ScreenRecords } from './lighthouse-data.ts';

const require = createRequire(import.meta.url);
// The browser build (a script defining `webVitals`), beside the package's exported attribution build.
const WEB_VITALS = path.join(path.dirname(require.resolve('web-vitals/attribution')), 'web-vitals.attribution.iife.js');
const CPU_SLOWDOWN = 4;
const PHONE = { width: 412, height: 823 };

/** What web-vitals said of the page's worst interaction so far. */
interface InpReport {
  value: number;
  event: string;
  target: string;
  input: number;
  processing: number;
  presentation: number;
}

declare global {
  interface Window {
    __inp?: InpReport;
  }
}

interface Interaction {
  name: string;
  address: (r: ScreenRecords) => string;
  /** Waits until the screen shows its data. */
  ready: (page: Page) => Promise<void>;
  /** Does what the person does; resolves once the screen has answered. */
  act: (page: Page, run: number) => Promise<void>;
}

export const INTERACTIONS: Interaction[] = [
  {
    name: 'type in a takeoff cell and move on',
    address: (r) => `/estimates/${r.estimateId}/takeoff`,
    ready: (page) => page.getByRole('gridcell').first().waitFor(),
    act: async (page, run) => {
      // Another cell each run, so each types a change.
      const cell = page.getByRole('gridcell', { name: /: qty$/ }).nth(run * 41);
      await cell.click();
      const typedIn = await cell.elementHandle();
      await page.keyboard.type(String(run + 10));
      await page.keyboard.press('Tab');
      await page.waitForFunction((el) => !el?.contains(document.activeElement), typedIn);
      // the cell saved: what was typed was taken (a read-only takeoff would take nothing)
      await page.getByTestId('grid-save-status').getByText('All changes saved').waitFor();
    },
  },
  {
    name: 'tick a To Fabricate row',
    address: () => '/lists/products/is_fabricated',
    ready: (page) => page.getByTestId('to-do-row').first().waitFor(),
    act: async (page) => {
      await page.getByTestId('to-do-row').first().click();
      await page.getByText(/^Marked fabricated/).waitFor();
    },
  },
  {
    name: 'open a job from the list',
    address: () => '/jobs',
    ready: (page) => page.getByTestId('jobs-row').first().waitFor(),
    act: async (page) => {
      await page.getByTestId('jobs-row').first().getByRole('button').first().click();
      await page.getByTestId('job-products').waitFor();
    },
  },
];

/** Each interaction `runs` times, each on a fresh load; prints and returns the INP of each run (ms, null when under 40 ms). */
export async function measureInp(base: string, cookie: string, records: ScreenRecords, runs: number): Promise<Map<string, (number | null)[]>> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const results = new Map<string, (number | null)[]>();
  try {
    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, serviceWorkers: 'block' });
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const i = pair.indexOf('=');
        return { name: pair.slice(0, i), value: pair.slice(i + 1), url: base };
      }),
    );
    // The library's browser build declares `webVitals` in the script's own scope; the worst interaction so
    // far goes to window.__inp (a string, not a function's text: the script runner may rewrite functions).
    const register = `webVitals.onINP(({ value, attribution: a }) => {
      window.__inp = { value, event: a.interactionType, target: a.interactionTarget, input: a.inputDelay, processing: a.processingDuration, presentation: a.presentationDelay };
    }, { reportAllChanges: true });`;
    await context.addInitScript({ content: `${fs.readFileSync(WEB_VITALS, 'utf8')}\n${register}` });
    for (const interaction of INTERACTIONS) {
      const values: (number | null)[] = [];
      for (let run = 1; run <= runs; run++) {
        const page = await context.newPage();
        await page.goto(`${base}${interaction.address(records)}`);
        await interaction.ready(page);
        // The screen at rest (no late chunk or query still arriving) before the CPU slows down.
        await page.waitForLoadState('networkidle');
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await interaction.act(page, run);
        // web-vitals reads the interactions' timings when the browser is idle, and reports INP for good
        // when the page is hidden: the page is told it is, as when the person leaves it.
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
        await page.evaluate(() => {
          Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
          document.dispatchEvent(new Event('visibilitychange'));
        });
        const inp = await page.evaluate(() => window.__inp ?? null);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        values.push(inp ? inp.value : null);
        console.log(
          `  ${interaction.name}, run ${run}: INP ${inp ? `${Math.round(inp.value)} ms (${inp.event} on ${inp.target}: input delay ${Math.round(inp.input)}, processing ${Math.round(inp.processing)}, presentation ${Math.round(inp.presentation)} ms)` : '< 40 ms'}`,
        );
        await page.close();
      }
      results.set(interaction.name, values);
    }
  } finally {
    await browser.close();
  }
  return results;
}
