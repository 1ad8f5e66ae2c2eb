/** The Chromium the browser tests run in (playwright.config.ts), and how it is started. */
import fs from 'node:fs';

/** Debian's Chromium, the browser people use. */
export const FULL_CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell: the same Blink and V8 without the
 * browser's window code, what Playwright itself runs for headless tests) when it is installed: the
 * same specs took a quarter less time than in the full Chromium (browser process 35 → 15 s of CPU,
 * renderers 80 → 55 s for four specs). Otherwise the full Chromium; CHROMIUM_PATH chooses either.
 * Unlike the full one, it keeps a mouse at (0, 0) that hovers what loads there.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];
