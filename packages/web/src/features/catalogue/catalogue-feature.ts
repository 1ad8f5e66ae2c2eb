/** What the catalogue brings: product categories, series and products (contract/feature.ts). */
import type { Feature } from '../../contract/feature.ts';
import { headingLine } from '../../resource-kit/records/record-heading-orders.ts';

// One chunk, one loader, for the area's dialogs (catalogue-dialogs.ts).
const dialogs = () => import('./catalogue-dialogs.ts');

export const catalogueFeature: Feature<'catalogue'> = {
  area: 'catalogue',
  resources: {
    product_categories: { dialog: () => dialogs().then((m) => m.openProductCategoryDialog) },
    series: { dialog: () => dialogs().then((m) => m.openSeriesDialog) },
    products: {
      dialog: () => dialogs().then((m) => m.openProductDialog),
      heading: { secondary: (r) => headingLine(r.number ? r.name : '', r.series_name), sort: { column: 'number', direction: 'desc' } },
      // Products have no screen of their own: a hit opens the Product dialog.
    },
    product_materials: { dialog: () => dialogs().then((m) => m.openProductMaterialDialog) },
  },
  routes: [
    {
      requires: { action: 'view', area: 'products' },
      children: [
        { path: '/product_categories', screen: () => import('./product-categories-page.tsx').then((m) => m.ProductCategoriesPage) },
        { path: '/product_categories/:product_category_id', screen: () => import('./product-category-page.tsx').then((m) => m.ProductCategoryPage) },
        { path: '/discontinued_products', screen: () => import('./discontinued-products-page.tsx').then((m) => m.DiscontinuedProductsPage) },
      ],
    },
  ],
  menu: [{ to: '/product_categories', label: 'Products', check: { action: 'edit', area: 'products' }, group: 'products-inventory', order: 1 }],
  cardActions: [{ card: 'inventory', label: 'Products', to: '/product_categories', check: { action: 'edit', area: 'products' }, order: 1 }],
};
