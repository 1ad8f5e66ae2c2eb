import './ui/first-screen-styles.ts';
import './app/app.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadAllStyles } from './ui/first-screen-styles.ts';
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

// The user check starts now, in parallel with the first render, not after it.
void queryClient.prefetchQuery(sessionUserQuery);
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
        <NotificationsHost />
        <LoaderProvider>
          <RouterProvider router={router} />
        </LoaderProvider>
      </MantineProvider>
    </QueryClientProvider>
  </StrictMode>,
);

// After the first frame: the rest of the styles, then (on load) the service worker, whose
// precaching would otherwise compete with the first screen's requests.
requestAnimationFrame(() => setTimeout(() => void loadAllStyles()));
registerServiceWorker();
