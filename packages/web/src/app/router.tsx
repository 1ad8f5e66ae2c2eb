/**
 * Routes (platform.md 2.1). Every screen is its own lazy chunk, except the two a visit starts on
 * (welcome and home): they are in the entry, so the first paint waits for no second round trip
 * (both weigh ~2 KB; the entry stays in the first-screen budget). An area's routes are registered
 * here as its screens are built. Anything else shows the not-found page.
 */
import { Outlet, createBrowserRouter, type RouteObject } from 'react-router';
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

/** Every route of the app: the browser's router (`createRouter`), and the build's pre-render (prerender.tsx). */
export function appRoutes(): RouteObject[] {
  return withAllStyles([
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
              children: [
                { path: '/', Component: HomePage },
                {
                  path: '/jobs',
                  children: [
                    { index: true, lazy: () => import('../features/jobs/jobs-page.tsx').then((m) => ({ Component: m.JobsPage })) },
                    {
                      path: 'trash',
                      element: <RequirePermission action="edit" area="jobs_admin"><Outlet /></RequirePermission>,
                      children: [{ index: true, lazy: () => import('../features/jobs/job-trash-page.tsx').then((m) => ({ Component: m.JobTrashPage })) }],
                    },
                    { path: ':job_id', lazy: () => import('../features/jobs/job-page.tsx').then((m) => ({ Component: m.JobPage })) },
                  ],
                },
                { path: '/lists/clients', lazy: () => import('../features/people/clients-page.tsx').then((m) => ({ Component: m.ClientsPage })) },
                {
                  path: '/lists/vendors',
                  element: <RequirePermission action="edit" area="inventory"><Outlet /></RequirePermission>,
                  children: [
                    { index: true, lazy: () => import('../features/purchasing/vendors-page.tsx').then((m) => ({ Component: m.VendorsPage })) },
                    { path: ':vendor_id', lazy: () => import('../features/purchasing/vendor-page.tsx').then((m) => ({ Component: m.VendorPage })) },
                  ],
                },
                {
                  path: '/employees',
                  element: <RequirePermission action="view" area="users"><Outlet /></RequirePermission>,
                  children: [{ index: true, lazy: () => import('../features/people/employees-page.tsx').then((m) => ({ Component: m.EmployeesPage })) }],
                },
                {
                  element: <RequirePermission action="view" area="products"><Outlet /></RequirePermission>,
                  children: [
                    { path: '/product_categories', lazy: () => import('../features/catalogue/product-categories-page.tsx').then((m) => ({ Component: m.ProductCategoriesPage })) },
                    { path: '/product_categories/:product_category_id', lazy: () => import('../features/catalogue/product-category-page.tsx').then((m) => ({ Component: m.ProductCategoryPage })) },
                    { path: '/discontinued_products', lazy: () => import('../features/catalogue/discontinued-products-page.tsx').then((m) => ({ Component: m.DiscontinuedProductsPage })) },
                  ],
                },
                {
                  path: '/inventory',
                  element: <RequirePermission action="view" area="inventory"><Outlet /></RequirePermission>,
                  children: [
                    { index: true, lazy: () => import('../features/inventory/inventory-page.tsx').then((m) => ({ Component: m.InventoryPage })) },
                    { path: ':material_id', lazy: () => import('../features/inventory/material-page.tsx').then((m) => ({ Component: m.MaterialPage })) },
                  ],
                },
                {
                  path: '/job_templates',
                  element: <RequirePermission action="edit" area="jobs_admin"><Outlet /></RequirePermission>,
                  children: [
                    { index: true, lazy: () => import('../features/jobs/job-templates-page.tsx').then((m) => ({ Component: m.JobTemplatesPage })) },
                    { path: ':job_template_id', lazy: () => import('../features/jobs/job-template-page.tsx').then((m) => ({ Component: m.JobTemplatePage })) },
                  ],
                },
                {
                  path: '/lists/pickup',
                  lazy: () => import('../features/jobs/pickup-page.tsx').then((m) => ({ Component: m.PickupPage })),
                },
                {
                  // Purchasing (issue 10): the menu offers it with edit purchase_orders (platform.md 2.3); a
                  // supervisor (view) can still open an order read-only.
                  path: '/purchase_orders',
                  element: <RequirePermission action="view" area="purchase_orders"><Outlet /></RequirePermission>,
                  children: [
                    { index: true, lazy: () => import('../features/purchasing/purchase-orders-page.tsx').then((m) => ({ Component: m.PurchaseOrdersPage })) },
                    {
                      path: 'create',
                      element: <RequirePermission action="edit" area="purchase_orders"><Outlet /></RequirePermission>,
                      children: [{ index: true, lazy: () => import('../features/purchasing/purchase-order-create-page.tsx').then((m) => ({ Component: m.PurchaseOrderCreatePage })) }],
                    },
                    { path: ':purchase_order_id', lazy: () => import('../features/purchasing/purchase-order-page.tsx').then((m) => ({ Component: m.PurchaseOrderPage })) },
                  ],
                },
                {
                  path: '/boms',
                  element: <RequirePermission action="view" area="boms"><Outlet /></RequirePermission>,
                  children: [
                    { index: true, lazy: () => import('../features/inventory/boms-page.tsx').then((m) => ({ Component: m.BomsPage })) },
                    { path: ':bom_id', lazy: () => import('../features/inventory/bom-page.tsx').then((m) => ({ Component: m.BomPage })) },
                  ],
                },
                // Label printing (platform.md 3.6): any signed-in user prints what a screen prepared.
                { path: '/print', lazy: () => import('../features/shop-floor/print-page.tsx').then((m) => ({ Component: m.PrintPage })) },
                {
                  path: '/settings',
                  element: <RequirePermission action="view" area="settings"><Outlet /></RequirePermission>,
                  children: [{ index: true, lazy: () => import('../features/settings/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })) }],
                },
              ],
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
