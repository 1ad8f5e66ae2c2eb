/**
 * Product categories, series and products, end to end: a manager builds a category → series →
 * assembly product with two materials and finds it in the product lookup; a product is
 * discontinued and restored; an employee sees prices hidden and the fields read-only.
 *
 * With SHOTS_DIR set, each screen and dialog is also photographed at 1280 and 390 px wide.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiPost, expectAccessible, screenshots, signInAs, unique } from './support.ts';

// Long journeys (three dialogs deep, with accessibility checks) on a machine shared with other runs.
test.describe.configure({ timeout: 180_000 });

async function apiJson<T>(request: APIRequestContext, baseURL: string, urlPath: string, body: unknown): Promise<T> {
  const res = await apiPost(request, baseURL, urlPath, body);
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

test('a manager builds a category, a series and an assembly product with two materials, and finds it in the lookup', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const tag = Date.now().toString(36);
  const glass = await apiJson<{ id: number }>(page.request, baseURL!, '/api/materials', { number: `GL38-${tag}`, description: '3/8" clear tempered' });
  const hinge = await apiJson<{ id: number }>(page.request, baseURL!, '/api/materials', { number: `HG-${tag}`, description: 'Wall mount hinge, chrome' });

  // the category: flags, and the selection method that switches when its selected side is clicked
  await page.goto('/product_categories');
  await expectAccessible(page, 'product categories list');
  await page.getByRole('button', { name: 'Add Category' }).click();
  const catDialog = page.getByTestId('product-category-dialog');
  await expect(page.getByRole('dialog', { name: 'Add Product Category' })).toBeVisible();
  const categoryName = unique('Shower Glass');
  await catDialog.getByLabel('Name').fill(categoryName);
  await catDialog.getByLabel('Cut list').check({ force: true });
  await catDialog.getByLabel('Dimensions').check({ force: true });
  const method = catDialog.getByTestId('selection-method');
  await expect(method.getByRole('button', { name: 'Series' })).toHaveAttribute('aria-pressed', 'true');
  await method.getByRole('button', { name: 'Series' }).click();
  await expect(method.getByRole('button', { name: 'Product' })).toHaveAttribute('aria-pressed', 'true');
  await method.getByRole('button', { name: 'Product' }).click();
  await expect(method.getByRole('button', { name: 'Series' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'product category dialog');
  await screenshots(page, 'product-category-dialog');
  await catDialog.getByRole('button', { name: 'Save' }).click();
  await expect(catDialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/product_categories\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: categoryName })).toBeVisible();
  await expect(page.getByText('Cut list, Dimensions')).toBeVisible();

  // a series following the category's settings (locked), special order
  await page.getByRole('tab', { name: 'Series' }).click();
  await page.getByRole('button', { name: 'Add Series' }).click();
  const seriesDialog = page.getByTestId('series-dialog');
  await seriesDialog.getByLabel('Name').fill('Frameless 3/8" hinge door');
  await expect(seriesDialog.getByLabel('Use category settings')).toBeChecked();
  await expect(seriesDialog.getByLabel('Cut list')).toBeChecked();
  await expect(seriesDialog.getByLabel('Cut list')).toHaveAttribute('aria-readonly', 'true');
  await expect(seriesDialog.getByLabel('Units')).not.toBeChecked();
  const type = seriesDialog.getByTestId('series-type');
  await type.getByRole('button', { name: 'Stocked' }).click();
  await expect(type.getByRole('button', { name: 'Special Order' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'series dialog');
  await screenshots(page, 'series-dialog');
  await seriesDialog.getByRole('button', { name: 'Save' }).click();
  await expect(seriesDialog).toHaveCount(0);
  const seriesRow = page.getByTestId('series-row').filter({ hasText: 'Frameless 3/8" hinge door' });
  await expect(seriesRow).toContainText('Special Order');
  await expect(seriesRow).toContainText('As the category');
  await expectAccessible(page, 'category series tab');
  await screenshots(page, 'product-category-series');

  // an assembly product in that series, with two materials
  await page.getByRole('tab', { name: 'Products' }).click();
  const group = page.getByTestId('series-group').filter({ hasText: 'Frameless 3/8" hinge door' });
  await expect(group.getByText('No products in this series yet.')).toBeVisible();
  await group.getByRole('button', { name: /Add product to/ }).click();
  const productDialog = page.getByTestId('product-dialog');
  await expect(page.getByRole('dialog', { name: 'Add Product' })).toBeVisible();
  await expect(productDialog.getByRole('combobox', { name: 'Series' })).toHaveValue('Frameless 3/8" hinge door');
  const number = `SG-${tag}`;
  await productDialog.getByLabel('Number').fill(number);
  await productDialog.getByLabel('Name', { exact: true }).fill('Frameless door kit');
  await productDialog.getByLabel('Unit', { exact: true }).fill('ea');
  await productDialog.getByLabel('Cost').fill('310.5');
  await productDialog.getByLabel('Sale price').fill('725');
  await expect(productDialog.getByRole('combobox', { name: 'Material' })).toBeVisible();
  await productDialog.getByLabel('Assembly').check({ force: true });
  await expect(productDialog.getByRole('combobox', { name: 'Material' })).toHaveCount(0);
  await expect(productDialog.getByText('No materials yet.')).toBeVisible();

  // the Product Material dialog: the material is required, qty defaults to 1
  await productDialog.getByRole('button', { name: 'Add Material' }).click();
  const lineDialog = page.getByTestId('product-material-dialog');
  await expect(lineDialog.getByLabel('Qty')).toHaveValue('1');
  await lineDialog.getByRole('button', { name: 'OK' }).click();
  await expect(lineDialog.getByText('The material is required.')).toBeVisible();
  await lineDialog.getByRole('combobox', { name: 'Material' }).fill(`GL38-${tag}`);
  await page.getByRole('option', { name: new RegExp(`GL38-${tag}`) }).click();
  await lineDialog.getByLabel('Qty').fill('2');
  await expectAccessible(page, 'product material dialog');
  await screenshots(page, 'product-material-dialog');
  await lineDialog.getByRole('button', { name: 'OK' }).click();
  await expect(lineDialog).toHaveCount(0);

  await productDialog.getByRole('button', { name: 'Add Material' }).click();
  await lineDialog.getByRole('combobox', { name: 'Material' }).fill(`HG-${tag}`);
  await page.getByRole('option', { name: new RegExp(`HG-${tag}`) }).click();
  await lineDialog.getByRole('button', { name: 'OK' }).click();
  await expect(productDialog.getByTestId('product-material-row')).toHaveCount(2);
  await expectAccessible(page, 'product dialog');
  await screenshots(page, 'product-dialog-assembly');
  await productDialog.getByRole('button', { name: 'Save' }).click();
  await expect(productDialog).toHaveCount(0);

  const productRow = group.getByTestId('products-row').filter({ hasText: number });
  await expect(productRow).toContainText('Frameless door kit');
  await expect(productRow).toContainText('Assembly');
  await expectAccessible(page, 'category products by series');
  await screenshots(page, 'product-category-products');

  // saved at once, with both lines
  const found = await page.request.get(`/api/products?search=${number}`);
  const [saved] = (await found.json()).data as { id: number; is_assembly: boolean }[];
  const full = await (await page.request.get(`/api/products/${saved!.id}`)).json();
  expect(full.is_assembly).toBe(true);
  expect(full.cost_per_unit).toBe(310.5);
  expect(full.product_materials.map((l: { material_id: number; qty: number }) => [l.material_id, l.qty]).sort()).toEqual(
    [
      [glass.id, 2],
      [hinge.id, 1],
    ].sort(),
  );

  // the product lookup finds it; choosing it opens the product with its two lines
  await page.goto('/product_categories');
  await expect(page.getByTestId('product_categories-row').filter({ hasText: categoryName })).toContainText('Series');
  await screenshots(page, 'product-categories');
  await page.getByRole('button', { name: 'Find Product' }).click();
  const lookup = page.getByTestId('lookup-dialog');
  await lookup.getByLabel('Search').fill(number);
  const option = lookup.getByRole('option', { name: new RegExp(number) });
  await expect(option).toContainText('Frameless door kit');
  await expectAccessible(page, 'product lookup');
  await screenshots(page, 'product-lookup');
  await option.click();
  await expect(productDialog.getByTestId('product-material-row')).toHaveCount(2);
  await expect(productDialog.getByTestId('product-material-row').first()).toContainText(`GL38-${tag}`);
  await productDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(productDialog).toHaveCount(0);
});

test('the product lookup adds a product that is not there yet, and picks it', async ({ page }) => {
  await signInAs(page, 'manager', '/product_categories');
  await page.getByRole('button', { name: 'Find Product' }).click();
  const lookup = page.getByTestId('lookup-dialog');
  const productDialog = page.getByTestId('product-dialog');
  const missing = unique('Shelf bracket');
  await lookup.getByLabel('Search').fill(missing);
  await lookup.getByRole('option', { name: `Add New Product ${missing}` }).click();
  await expect(productDialog.getByLabel('Name', { exact: true })).toHaveValue(missing);
  await productDialog.getByRole('button', { name: 'Save' }).click();
  await expect(lookup).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Edit Product' })).toBeVisible();
  await expect(productDialog.getByLabel('Name', { exact: true })).toHaveValue(missing);
});

test('a product is discontinued, found among discontinued products, and restored', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const category = await apiJson<{ id: number }>(page.request, baseURL!, '/api/product_categories', {
    name: unique('Mirrors'),
    product_selection_method: 'product',
  });
  const name = unique('Beveled mirror 24x36');
  await apiJson(page.request, baseURL!, '/api/products', { number: 'MR-2436', name, category_id: category.id, non_inventory: true });

  await page.goto(`/product_categories/${category.id}`);
  const table = page.getByTestId('products-table');
  await table.getByTestId('products-row').filter({ hasText: name }).click();
  const dialog = page.getByTestId('product-dialog');
  await expect(page.getByRole('dialog', { name: 'Edit Product' })).toBeVisible();
  await expect(dialog.getByText('A non-inventory product uses no stocked material.')).toBeVisible();
  await screenshots(page, 'product-dialog-non-inventory');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByText('Delete this product?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(table.getByTestId('products-row').filter({ hasText: name })).toHaveCount(0);
  await screenshots(page, 'product-category-flat');

  await page.goto('/discontinued_products');
  const discontinued = page.getByTestId('discontinued-products-table');
  await discontinued.getByRole('searchbox').fill(name);
  const row = discontinued.getByTestId('products-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expectAccessible(page, 'discontinued products');
  await screenshots(page, 'discontinued-products');
  await row.getByRole('button', { name: `Open ${name}` }).click();
  await expect(dialog.getByTestId('discontinued-notice')).toHaveText('This product has been discontinued.');
  await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expectAccessible(page, 'discontinued product dialog');
  await screenshots(page, 'product-dialog-discontinued');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  await row.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(discontinued.getByTestId('products-row').filter({ hasText: name })).toHaveCount(0);
  await page.goto(`/product_categories/${category.id}`);
  await expect(page.getByTestId('products-table').getByTestId('products-row').filter({ hasText: name })).toHaveCount(1);
});

test('an employee sees a product without prices, read-only', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const category = await apiJson<{ id: number }>(page.request, baseURL!, '/api/product_categories', {
    name: unique('Hardware'),
    product_selection_method: 'product',
  });
  const name = unique('Towel bar 24"');
  await apiJson(page.request, baseURL!, '/api/products', {
    number: 'HW-24',
    name,
    unit: 'ea',
    category_id: category.id,
    cost_per_unit: 12.5,
    revenue_per_unit: 39,
  });
  await page.context().clearCookies();

  await signInAs(page, 'employee', `/product_categories/${category.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Product' })).toHaveCount(0);
  await page.getByTestId('products-row').filter({ hasText: name }).click();
  const dialog = page.getByRole('dialog', { name: 'Product', exact: true });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel('Number')).toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel('Cost')).toHaveCount(0);
  await expect(dialog.getByLabel('Sale price')).toHaveCount(0);
  await expect(dialog.getByText('$39.00')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(dialog.getByLabel('Assembly')).toHaveAttribute('aria-readonly', 'true');
  await expectAccessible(page, 'read-only product dialog');
  await screenshots(page, 'product-dialog-employee');
});

test('a series and an empty category are deleted after the spec’s confirmations', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const categoryName = unique('Window Coverings');
  const category = await apiJson<{ id: number }>(page.request, baseURL!, '/api/product_categories', { name: categoryName });
  await apiJson(page.request, baseURL!, '/api/series', { name: 'Roller shade', category_id: category.id });

  await page.goto(`/product_categories/${category.id}?tab=series`);
  await expect(page.getByRole('heading', { level: 1, name: categoryName })).toBeVisible();
  await page.getByTestId('series-row').filter({ hasText: 'Roller shade' }).click();
  const seriesDialog = page.getByTestId('series-dialog');
  await seriesDialog.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByText('Delete this series?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(seriesDialog).toHaveCount(0);
  await expect(page.getByText('No series in this category yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  const categoryDialog = page.getByTestId('product-category-dialog');
  await expect(page.getByRole('dialog', { name: 'Edit Product Category' })).toBeVisible();
  await categoryDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByText('Delete this category?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/product_categories$/);
  await expect(page.getByTestId('product_categories-row').filter({ hasText: categoryName })).toHaveCount(0);
});

test('a category’s features read on one line on a wide screen, not a word to a line', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'admin');
  const flags = { enable_cutlist: true, enable_dimensions: true, enable_measured: true, enable_ordered: true, enable_fabricated: true };
  const category = await apiJson<{ id: number }>(page.request, baseURL!, '/api/product_categories', { name: unique('All Features Glass'), ...flags });
  await page.goto(`/product_categories/${category.id}`);
  const features = page.locator('dt', { hasText: 'Features' }).locator('xpath=following-sibling::dd');
  await expect(features).toHaveText('Cut list, Dimensions, Measured, Ordered, Fabricated');
  const lineHeight = await features.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await features.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
});
