import { DEFAULT_ROLE_MATRIX, ROLES, can } from '@glazier/shared/permissions';
import { RESOURCES, RESOURCE_NAMES, isResourceName } from '@glazier/shared/resources/registry';
import { describe, expect, it } from 'vitest';
import type { Check, FeatureRoute } from '../contract/feature.ts';
import { checkText, describeRoutes, guardsAt } from '../test/routes.ts';
import { FEATURES, RECORD_DIALOGS, RECORD_HEADINGS, RECORD_PAGES } from './features.ts';
import { hitKind, hitPath } from './command-palette.tsx';

/** The platform's own screens, which no area declares: where a visit begins, and home. */
const PLATFORM_SCREENS = ['/welcome []', '/setup []', '/reset-password []', '/ []'];

/**
 * Resources that may be written but open in no dialog of their own: they are edited inside another
 * screen (a takeoff in its estimate's, the matrix in Settings, a stock count in its material's).
 */
const WRITTEN_WITHOUT_A_DIALOG = [
  'takeoffs',
  'takeoff_items',
  'material_transactions',
  'material_snapshots',
  'job_images',
  'users',
  'schedule_notes',
  'settings',
  'role_permissions',
];

/** A feature's routes as it declares them, "path [guards]" (a parent's guard stands over its children). */
function declaredRoutes(routes: FeatureRoute[], base = '', guards: Check[] = []): string[] {
  return routes.flatMap(({ path: own, screen, requires, children }) => {
    const path = own ? (own.startsWith('/') ? own : `${base}/${own}`) : base;
    const here = requires ? [...guards, requires] : guards;
    return [...(screen ? [`${path} ${checkText(here)}`] : []), ...declaredRoutes(children ?? [], path, here)];
  });
}

const parse = (route: string) => {
  const [path = '', guards = ''] = route.split(' [');
  const checks = guards
    .slice(0, -1)
    .split(', ')
    .filter(Boolean)
    .map((g) => g.split(' ') as [Check['action'], Check['area']]);
  return { path, checks };
};

describe('the areas gathered (app/features.ts)', () => {
  it("route the platform's screens and every screen the features declare, each behind its declared guards", () => {
    const declared = FEATURES.flatMap((f) => [...declaredRoutes(f.routes ?? []), ...(f.publicRoutes ?? []).map((r) => `${r.path} []`)]);
    expect(describeRoutes().sort()).toEqual([...PLATFORM_SCREENS, ...declared].sort());
  });

  it('guard a screen named after a resource so that every role it lets in may read that resource', () => {
    const refused: string[] = [];
    for (const route of describeRoutes()) {
      const { path, checks } = parse(route);
      const resource = path.replace(/^\/lists\//, '/').split('/')[1] ?? '';
      if (!isResourceName(resource)) continue;
      const read = RESOURCES[resource].read;
      for (const role of ROLES) {
        const user = { permissions: DEFAULT_ROLE_MATRIX[role] };
        const passes = checks.every(([action, area]) => can(user, action, area));
        if (passes && read !== 'signed_in' && !can(user, 'view', read)) refused.push(`${route}: ${role} may open it but not read ${resource}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('open every resource written by the generic calls in a dialog, but those edited inside another screen', () => {
    const writable = RESOURCE_NAMES.filter((name) => RESOURCES[name].write !== 'nobody');
    expect(writable.filter((name) => !(name in RECORD_DIALOGS)).sort()).toEqual([...WRITTEN_WITHOUT_A_DIALOG].sort());
    expect(Object.keys(RECORD_DIALOGS).filter((name) => !isResourceName(name))).toEqual([]);
  });

  it('head and find records as before', () => {
    expect(Object.keys(RECORD_HEADINGS).sort()).toEqual(['category_templates', 'jobs', 'materials', 'products']);
    // what the command palette's hits read and open (the server declares which resources it searches)
    const hits = (['jobs', 'clients', 'estimates', 'materials', 'products', 'purchase_orders', 'invoices'] as const).map((resource) => ({
      resource,
      id: 7,
      title: '',
      subtitle: null,
    }));
    expect(Object.fromEntries(hits.map((h) => [h.resource, `${hitKind(h)} ${hitPath(h) ?? '(dialog)'}`]))).toEqual({
      jobs: 'Job /jobs/7',
      clients: 'Client (dialog)',
      estimates: 'Estimate /estimates/7',
      materials: 'Material /inventory/7',
      products: 'Product (dialog)',
      purchase_orders: 'Purchase Order /purchase_orders/7',
      invoices: 'Invoice /invoices/7',
    });
    expect(Object.keys(RECORD_PAGES).sort()).toEqual(['estimates', 'invoices', 'jobs', 'materials', 'purchase_orders']);
    // and each record's page is a screen of the router
    expect(Object.values(RECORD_PAGES).filter((page) => guardsAt(page(7)) === null)).toEqual([]);
  });
});
