// The PDF worker (pdf-render.ts): renders a document component of a .tsx module (loaded once per
// module through tsx, as the server's own code is) with the props it is sent, and answers the bytes.
import { parentPort } from 'node:worker_threads';
import { createElement } from 'react';
import { renderToBuffer } from '@react-pdf/renderer';
import { tsImport } from 'tsx/esm/api';

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
