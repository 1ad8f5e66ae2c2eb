// first: zod reads this setting as each schema is made (see the module)
import './app/zod-jitless.ts';
import './ui/first-screen-styles.ts';
import './app/app.css';
import { QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { registerFeatures } from './app/features.ts';
import { createRouter } from './app/router.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { connectOfflineWrites } from './resource-kit/offline/offline-wiring.ts';
import { HttpError } from './resource-kit/http/http.ts';
import { sessionUserQuery } from './resource-kit/http/session-user.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors are answers, not glitches: retry only network and server failures.
      retry: (count, error) => count < 2 && !(error instanceof HttpError && error.status < 500),
    },
  },
});

registerFeatures();

// Evaluating the app's modules is already the longest task of the load, so each start-up step
// runs in a task of its own right after it, and the browser can paint and answer input between
// them: the user check, making the router (matching every route, starting the first screen's
// code), and React's renderer (evaluated on its own: imported dynamically, preloaded by
// index.html, vite.config.ts preloadReactRenderer) making the root.
const inTaskOfItsOwn = <T,>(step: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(step()), 0));
// The user check (preloaded by index.html) answers before the first render, so the first frame is
// the right one (signed in or not) and is rendered once; a slow answer waits at most a second.
const userChecked = inTaskOfItsOwn(() => Promise.race([queryClient.prefetchQuery(sessionUserQuery), new Promise((r) => setTimeout(r, 1000))]));
const routerMade = inTaskOfItsOwn(createRouter);
const rootMade = import('react-dom/client').then(({ createRoot }) => createRoot(document.getElementById('root')!));
// The first render is a transition: React renders the app in slices, yielding to the browser
// between them (the boot splash, or the page pre-rendered at build time, stays up meanwhile),
// instead of one long task that blocks input. Its first commit replaces what index.html painted.
void Promise.all([rootMade, routerMade, userChecked]).then(([root, router]) =>
  startTransition(() =>
    root.render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  ),
);

// The service worker registers on load: its precaching would otherwise compete with the first
// screen's requests.
registerServiceWorker();
// Writes kept on the device while offline are sent once the server can be reached:
// the queue's code loads after the first screen's.
if (document.readyState === 'complete') connectOfflineWrites(queryClient);
else window.addEventListener('load', () => connectOfflineWrites(queryClient), { once: true });
