// The PDF worker, run by the pool in pdf-render.ts (Piscina, which also lowers this thread's
// priority): renders a document component of a .tsx module (loaded once per module through tsx, as
// the server's own code is) with the props it is sent, and answers the bytes.
import { createElement } from 'react';
import { Font, renderToBuffer } from '@react-pdf/renderer';
import { Piscina } from 'piscina';
import { tsImport } from 'tsx/esm/api';

// A word is never broken across lines with a hyphen (react-pdf hyphenates English words to fill a
// line by default: "Construc-tion"); lines break between words only. Registered on the
// renderer that lays the documents out, this one (a document module loaded by tsImport has a
// font store of its own, which the layout does not read).
Font.registerHyphenationCallback((word) => [word]);

/** @type {Map<string, Promise<Record<string, unknown>>>} */
const modules = new Map();

/** @param {{ module: string; component: string; props: object }} task as PdfTask in pdf-render.ts */
export default async function renderDocument({ module, component, props }) {
  let loaded = modules.get(module);
  if (!loaded) modules.set(module, (loaded = tsImport(module, import.meta.url)));
  const Component = (await loaded)[component];
  if (typeof Component !== 'function') throw new Error(`${module} exports no component ${component}.`);
  const buffer = await renderToBuffer(createElement(Component, props));
  // a copy of its own, moved to the main thread rather than copied again
  const bytes = new Uint8Array(buffer);
  return Piscina.move(bytes);
}
