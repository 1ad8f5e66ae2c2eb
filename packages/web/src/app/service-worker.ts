/**
 * The service worker at /sw.js (docs/platform.md, Offline): the app shell loads offline, and when an update is
 * available (or another tab activates a new worker) the page reloads. A failed preload of a screen
 * chunk (after a deploy removed it) reloads once to pick up the new build; not while offline, where
 * the chunk is missing only because the network is, and a reload would trade the screen for the
 * browser's own offline page (before the service worker controls the page).
 */
const PRELOAD_RELOAD_KEY = 'glazier-preload-reload';

export function registerServiceWorker(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (!navigator.onLine || sessionStorage.getItem(PRELOAD_RELOAD_KEY)) return;
    sessionStorage.setItem(PRELOAD_RELOAD_KEY, '1');
    event.preventDefault();
    window.location.reload();
  });
  // Forget the guard once a page has run fine for a while, so a later deploy can reload again.
  setTimeout(() => sessionStorage.removeItem(PRELOAD_RELOAD_KEY), 10_000);
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // Registered once the page has loaded: precaching the whole build would otherwise compete with
  // the first screen's requests. Its registration code loads then too (not with the first screen).
  const register = () =>
    void import('virtual:pwa-register').then(({ registerSW }) =>
      registerSW({ immediate: true, onRegisterError: (error: unknown) => console.warn('Service worker registration failed', error) }),
    );
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
