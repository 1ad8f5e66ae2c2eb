/** The providers around the router: the browser's app (main.tsx) and the build's pre-render (prerender.tsx). */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { LoaderProvider } from '../ui/loader.tsx';
import { NotificationsHost } from '../ui/notifications-host.tsx';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
          <NotificationsHost />
          <LoaderProvider>{children}</LoaderProvider>
        </MantineProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
