import { describe, expect, it } from 'vitest';
import { ACTIONS } from './registry.ts';

/** routes.ts as the declarations make it: `npx vitest run -u --project shared packages/shared/src/actions/routes.test.ts` writes it. */
function routesSource(): string {
  const entries = Object.values(ACTIONS)
    .map((d) => `  '${d.name}': { method: '${d.method}', path: '${d.path}' },`)
    .sort();
  return [
    '/**',
    " * Every named action's method and path, without zod (its declarations, shared/actions/<area>.ts, hold",
    ' * the schemas): the web calls an action by its route (resource-kit/http/actions.ts `callAction`),',
    ' * typed by its declaration, so a screen that calls actions loads no zod. Written from the',
    ' * declarations by routes.test.ts (`npx vitest run -u --project shared packages/shared/src/actions/routes.test.ts`),',
    ' * which fails when the two differ.',
    ' */',
    "import type { ActionDef } from './define.ts';",
    "import type { ACTIONS, ActionName } from './registry.ts';",
    '',
    "/** An action's method and path, typed by its declaration `D` (which it does not carry). */",
    'export interface ActionRoute<D extends ActionDef = ActionDef> {',
    "  readonly method: D['method'];",
    "  readonly path: D['path'];",
    '  /** Never set: the declaration, for the types of a call. */',
    '  readonly declaration?: D;',
    '}',
    '',
    'export const ACTION_ROUTES: { readonly [N in ActionName]: ActionRoute<(typeof ACTIONS)[N]> } = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}

describe('ACTION_ROUTES', () => {
  it("is every declaration's method and path", async () => {
    await expect(routesSource()).toMatchFileSnapshot('./routes.ts');
  });
});
