/**
 * Routes (docs/platform.md, Screens and navigation). Every screen is its own lazy chunk, except the two a visit starts on
 * (welcome and home): they are in the entry, so the first paint waits for no second round trip
 * (both weigh ~2 KB; the entry stays in the first-screen budget). Each area's routes are its
 * feature's (`routes`, app/features.ts). Anything else shows the not-found page. A feature's
 * `publicRoutes` (pages for people without an account) are mounted apart, outside the shell and
 * the session.
 */
import { Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import type { FeatureRoute, PublicRoute } from '../contract/feature.ts';
import { FEATURES } from './features.ts';
import { loadAllStyles } from '../ui/first-screen-styles.ts';
import { RequirePermission, RequireUser } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { HomePage } from './home-page.tsx';
import { WelcomePage } from './welcome-page.tsx';
import { Center, Loader } from '@mantine/core';

function FirstLoad() {
  return (
    <Center h="100vh">
      <Loader role="status" aria-label="Loading Glazier" />
    </Center>
  );
}

/**
 * A lazy screen also waits for the styles not in the first screen's stylesheet, so a screen opened
 * directly never shows unstyled (first-screen-styles.ts).
 */
function withAllStyles(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children } = route;
    const next = { ...route } as RouteObject;
    if (typeof lazy === 'function') {
      next.lazy = (async () => (await Promise.all([lazy(), loadAllStyles()]))[0]) as typeof lazy;
    }
    if (children) next.children = withAllStyles(children);
    return next;
  });
}

/**
 * A feature's route as the router's: the screen a lazy `Component` (the index child when the route
 * has children or a guard), the guard an element around an outlet.
 */
function toRouteObject({ path, screen, requires, children }: FeatureRoute): RouteObject {
  const lazy = screen && (() => screen().then((Component) => ({ Component })));
  if (!requires && !children) return { ...(path && { path }), lazy };
  return {
    ...(path && { path }),
    ...(requires && {
      element: (
        <RequirePermission action={requires.action} area={requires.area}>
          <Outlet />
        </RequirePermission>
      ),
    }),
    children: [...(lazy ? [{ index: true, lazy }] : []), ...(children ?? []).map(toRouteObject)],
  };
}

/** A public page: its screen alone, lazily, with no shell, session or sign-in check. */
const toPublicRouteObject = ({ path, screen }: PublicRoute): RouteObject => ({ path, lazy: () => screen().then((Component) => ({ Component })) });

/** Every route of the app: the browser's router (`createRouter`), and the build's pre-render (prerender.tsx). */
export function appRoutes(): RouteObject[] {
  return withAllStyles([
    {
      errorElement: <RouteError />,
      hydrateFallbackElement: <FirstLoad />,
      children: FEATURES.flatMap((f) => f.publicRoutes ?? []).map(toPublicRouteObject),
    },
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      // Shown while the first screen's chunk loads.
      hydrateFallbackElement: <FirstLoad />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { path: '/welcome', Component: WelcomePage },
            { path: '/setup', lazy: () => import('./setup-page.tsx').then((m) => ({ Component: m.SetupPage })) },
            { path: '/reset-password', lazy: () => import('./reset-password-page.tsx').then((m) => ({ Component: m.ResetPasswordPage })) },
            {
              element: <RequireUser />,
              children: [{ path: '/', Component: HomePage }, ...FEATURES.flatMap((f) => f.routes ?? []).map(toRouteObject)],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}

export function createRouter() {
  return createBrowserRouter(appRoutes());
}
