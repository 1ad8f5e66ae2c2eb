/** jsdom gaps that Mantine relies on, the app's record headings, and a clean DOM between tests. */
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { RECORD_HEADINGS } from '../app/features.ts';
import { registerRecordHeadings } from '../resource-kit/records/record-heading-orders.ts';

// findBy*/waitFor return as soon as their condition holds; the long ceiling only matters on a
// loaded 2-core machine, where a first render of the real Mantine tree can take seconds.
configure({ asyncUtilTimeout: 10_000 });

// Rows are headed as in the app (each area's headings); record dialogs stay each test's own.
registerRecordHeadings(RECORD_HEADINGS);

const realFetch = globalThis.fetch;

// The files of a worker share one jsdom (isolate: false in vitest.config.ts): each file starts from
// the address, page and storage a fresh one would have, whatever the file before it left.
window.history.replaceState(null, '', '/');
document.title = '';
document.body.replaceChildren();
localStorage.clear();
sessionStorage.clear();
// Mantine keeps its notifications in a store of the module's own: none carries over from a file before.
notifications.clean();
// Globals a file stubbed (XMLHttpRequest for uploads) and its clock are the real ones again.
vi.unstubAllGlobals();
vi.useRealTimers();

afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// jsdom does not implement scrolling; React Router's ScrollRestoration calls it on navigation.
window.scrollTo = (() => {}) as typeof window.scrollTo;
