/**
 * The router's screens and their guards, as the app's tests read them (app/features.test.ts,
 * app/menu.test.ts): where a visit lands and which `RequirePermission` guards stand on the way.
 */
import { isValidElement, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import type { Check } from '../contract/feature.ts';
import { appRoutes } from '../app/router.tsx';

/** The guard a route's element is (`RequirePermission`), if any. */
function guardOf(route: RouteObject): Check[] {
  const element = route.element as ReactElement<Partial<Check>> | undefined;
  return isValidElement(element) && element.props.area && element.props.action ? [{ action: element.props.action, area: element.props.area }] : [];
}

export const checkText = (checks: Check[]) => `[${checks.map((c) => `${c.action} ${c.area}`).join(', ')}]`;

/** Each screen the router mounts, as "path [guards]" (its parents' guards with its own). */
export function describeRoutes(routes: RouteObject[] = appRoutes(), base = '', guards: Check[] = []): string[] {
  return routes.flatMap((r) => {
    const path = r.index ? base : r.path ? (r.path.startsWith('/') ? r.path : `${base}/${r.path}`) : base;
    const here = [...guards, ...guardOf(r)];
    const screen = r.lazy || r.Component ? [`${path || '/'} ${checkText(here)}`] : [];
    return [...screen, ...describeRoutes(r.children ?? [], path, here)];
  });
}

/** The guards a visit to `to` passes on its way to a screen; null when it finds none (the not-found page). */
export function guardsAt(to: string): Check[] | null {
  const matches = matchRoutes(appRoutes(), to);
  const last = matches?.at(-1)?.route;
  if (!matches || !last || last.path === '*' || !(last.lazy || last.Component)) return null;
  return matches.flatMap((m) => guardOf(m.route));
}
