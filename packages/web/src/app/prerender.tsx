/**
 * Build-time HTML of the public pages (vite.config.ts `prerenderPublicPages`): the browser paints
 * the page from index.html itself, before the app's code arrives; the app's first render then
 * replaces it (main.tsx) with the same frame. Rendered as a guest on an install that is set up, and
 * the signed-in home page as a stand-in user whose name the server replaces (shared/signed-in-page.ts).
 * Runs in Node under Vite's SSR loader, never in the browser bundle.
 */
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { emptyPermissionMap } from '@glazier/shared/permissions';
import { SIGNED_IN_HOME_FILE, USER_MARKS } from '@glazier/shared/signed-in-page';
import { SESSION_KEY, type CurrentUser } from '../resource-kit/http/session-user.ts';
import { AppProviders } from './providers.tsx';
import { appRoutes } from './router.tsx';
import { SETUP_KEY } from './setup-status.ts';

/** The pages a visit may start on without a session, by path. */
export const PUBLIC_PAGES = ['/welcome'];

/** The signed-in home page: where the build writes it, and the stand-in's first name, which its greeting must show. */
export const SIGNED_IN_HOME = { file: SIGNED_IN_HOME_FILE, mark: USER_MARKS.firstName };

/** Who the signed-in home page is rendered for: no rights, so no card or menu item another user would not have. */
const STAND_IN: CurrentUser = { id: 0, name: USER_MARKS.name, email: '', role: 'employee', permissions: emptyPermissionMap() };

/** The markup of `path` for index.html's `#root`, as a guest or as the stand-in user. */
export async function prerender(path: string, as: 'guest' | 'stand-in' = 'guest'): Promise<string> {
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_KEY, as === 'guest' ? null : STAND_IN);
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
