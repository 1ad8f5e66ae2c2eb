// The PDF worker (pdf-render.ts): renders a document component of a .tsx module (loaded once per
// module through tsx, as the server's own code is) with the props it is sent, and answers the bytes.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { createElement } from 'react';
import { Font, renderToBuffer } from '@react-pdf/renderer';
import { tsImport } from 'tsx/esm/api';

// A word is never broken across lines with a hyphen (react-pdf hyphenates English words to fill a
// line by default: "Construc-tion", issue 53); lines break between words only. Registered on the
// renderer that lays the documents out, this one (a document module loaded by tsImport has a
// font store of its own, which the layout does not read).
Font.registerHyphenationCallback((word) => [word]);

/**
 * Rendering gives way to the server's requests: this thread runs at a lower priority (nice 10), so
 * when the cores are busy the event loop and the database come first, and a PDF takes the time they
 * leave (issue 36: requests must not wait on a render). Linux keeps a nice value per thread; the
 * thread's own id is in /proc/thread-self. Elsewhere the render shares the CPU as any thread.
 */
const RENDER_NICE = 10;
try {
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, RENDER_NICE);
} catch {
  // no /proc (not Linux), or not allowed: the default priority
}

const modules = new Map();

parentPort.on('message', async ({ id, module, component, props }) => {
  try {
    let loaded = modules.get(module);
    if (!loaded) modules.set(module, (loaded = tsImport(module, import.meta.url)));
    const Component = (await loaded)[component];
    if (typeof Component !== 'function') throw new Error(`${module} exports no component ${component}.`);
    const buffer = await renderToBuffer(createElement(Component, props));
    // a copy of its own, so the transfer moves exactly these bytes
    const bytes = new Uint8Array(buffer);
    parentPort.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (e) {
    parentPort.postMessage({ id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
