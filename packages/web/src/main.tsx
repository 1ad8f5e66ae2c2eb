import './ui/first-screen-styles.ts';
import './app/app.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { recordDialogs } from './app/record-dialogs.ts';
import { createRouter } from './app/router.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { colorSchemeManager, cssVariablesResolver, theme } from './app/theme.ts';
import { HttpError } from './resource-kit/http.ts';
import { registerRecordDialogs } from './resource-kit/record-dialogs.ts';
import { sessionUserQuery } from './resource-kit/session-user.ts';
import { LoaderProvider } from './ui/loader.tsx';
import { NotificationsHost } from './ui/notifications-host.tsx';

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

registerRecordDialogs(recordDialogs);

// The user check (preloaded by index.html) answers before the first render, so the first frame is
// the right one (signed in or not) and is rendered once; a slow answer waits at most a second.
const userChecked = Promise.race([queryClient.prefetchQuery(sessionUserQuery), new Promise((r) => setTimeout(r, 1000))]);
const router = createRouter();

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
        <NotificationsHost />
        <LoaderProvider>
          <RouterProvider router={router} />
        </LoaderProvider>
      </MantineProvider>
    </QueryClientProvider>
  </StrictMode>
);
// The first render is a transition: React renders the app in slices, yielding to the browser
// between them (the boot splash stays up meanwhile), instead of one long task that blocks input.
const root = createRoot(document.getElementById('root')!);
void userChecked.then(() => startTransition(() => root.render(app)));

// The service worker registers on load: its precaching would otherwise compete with the first
// screen's requests.
registerServiceWorker();
