/**
 * Build-time HTML of the public pages (vite.config.ts `prerenderPublicPages`): the browser paints
 * the page from index.html itself, before the app's code arrives; the app's first render then
 * replaces it (main.tsx) with the same frame. Rendered as a guest on an install that is set up.
 * Runs in Node under Vite's SSR loader, never in the browser bundle.
 */
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { SESSION_KEY } from '../resource-kit/http/session-user.ts';
import { AppProviders } from './providers.tsx';
import { appRoutes } from './router.tsx';
import { SETUP_KEY } from './setup-status.ts';

/** The pages a visit may start on without a session, by path. */
export const PUBLIC_PAGES = ['/welcome'];

/** The markup of `path` for index.html's `#root`. */
export async function prerender(path: string): Promise<string> {
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_KEY, null);
  queryClient.setQueryData(SETUP_KEY, { needed: false });
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} redirects (${context.status}); only a page can be pre-rendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
