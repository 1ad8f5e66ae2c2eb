import { describe, expect, it } from 'vitest';
import { RECORD_DIALOGS, RECORD_HEADINGS, RECORD_PAGES } from './features.ts';
import { appRoutes } from './router.tsx';
import { hitKind, hitPath } from './command-palette.tsx';
import type { RouteObject } from 'react-router';
import { isValidElement, type ReactElement } from 'react';

/** Each route as "path [guard] (screen)": where the router sends a visit, and what guards it. */
function describeRoutes(routes: RouteObject[], base = '', guards: string[] = []): string[] {
  return routes.flatMap((r) => {
    const path = r.index ? base : r.path ? (r.path.startsWith('/') ? r.path : `${base}/${r.path}`) : base;
    const element = r.element as ReactElement<{ action?: string; area?: string }> | undefined;
    const guard = isValidElement(element) && element.props.area ? [`${element.props.action} ${element.props.area}`] : [];
    const here = r.lazy || r.Component ? [`${path || '/'} [${[...guards, ...guard].join(', ')}]`] : [];
    return [...here, ...describeRoutes(r.children ?? [], path, [...guards, ...guard])];
  });
}

describe('the areas gathered (app/features.ts)', () => {
  it('route every screen, with its guard, as before the areas declared them', () => {
    expect(describeRoutes(appRoutes()).sort()).toEqual(
      [
        '/welcome []',
        '/setup []',
        '/reset-password []',
        '/ []',
        '/product_categories [view products]',
        '/product_categories/:product_category_id [view products]',
        '/discontinued_products [view products]',
        '/inventory [view inventory]',
        '/inventory/:material_id [view inventory]',
        '/boms [view boms]',
        '/boms/:bom_id [view boms]',
        '/lists/vendors [edit inventory]',
        '/lists/vendors/:vendor_id [edit inventory]',
        '/purchase_orders [view purchase_orders]',
        '/purchase_orders/create [view purchase_orders, edit purchase_orders]',
        '/purchase_orders/:purchase_order_id [view purchase_orders]',
        '/jobs []',
        '/jobs/trash [edit jobs_admin]',
        '/jobs/:job_id []',
        '/job_templates [edit jobs_admin]',
        '/job_templates/:job_template_id [edit jobs_admin]',
        '/lists/pickup []',
        '/print []',
        '/lists/products/:field []',
        '/lists/print_labels []',
        '/job_products/:job_product_id []',
        '/job_products/:job_product_id/pieces/:position []',
        '/lists/clients []',
        '/employees [view users]',
        '/settings [view settings]',
        '/outbox [edit settings]',
        '/takeoff_options [edit estimates_admin]',
        '/estimates/:estimate_id/takeoff [edit estimates]',
        '/estimates [view estimates]',
        '/estimates/:estimate_id [view estimates]',
        '/jobs/:job_id/estimate_print [view estimates]',
        '/approve/:token []',
        '/analysis [view analysis]',
        '/forecasting [view forecasting]',
        '/schedule []',
        '/time_cards []',
        '/invoices [view invoices]',
        '/billing/aging [view invoices]',
        '/billing/exports [view invoices]',
        '/billing/statement [view invoices]',
        '/invoices/:invoice_id [view invoices]',
        '/payments [view invoices]',
        '/invoice-view/:token []',
      ].sort(),
    );
  });

  it('open the same records in dialogs as before, and head and find them the same', () => {
    expect(Object.keys(RECORD_DIALOGS).sort()).toEqual(
      [
        'clients',
        'client_types',
        'product_categories',
        'series',
        'products',
        'product_materials',
        'vendors',
        'vendor_materials',
        'materials',
        'job_templates',
        'category_templates',
        'pickup_items',
        'material_categories',
        'jobs',
        'job_products',
        'time_entries',
        'notes',
        'files',
        'images',
        'purchase_orders',
        'purchase_order_materials',
        'boms',
        'bom_materials',
        'takeoff_options',
        'takeoff_units',
        'estimates',
        'estimate_items',
        'estimate_category_notes',
        'events',
        'invoices',
        'invoice_lines',
      ].sort(),
    );
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
  });
});
