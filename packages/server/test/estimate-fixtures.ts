/**
 * The estimate the client-facing tests share (the approval link, the PDF): a shop named in Settings,
 * and a suite of a plate mirror (alternate: a framed one, with a note on the mirrors) and a shower door.
 */
import { expect } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { made, type Client } from './harness.ts';

export const SHOP_SETTINGS = [
  { name: 'company_name', value: 'Clearview Glass' },
  { name: 'company_details', value: '12 Pane St\nSpringfield\n555-0100' },
  { name: 'estimate_terms', value: 'Half down, half on completion.' },
];

export interface SuiteShop {
  client: Row;
  mirrors: Row;
  shower: Row;
}

/** The shop's settings (and `more` of them), its client Harbor Dental and the two categories. */
export async function suiteShop(admin: Client, more: Array<{ name: string; value: string }> = []): Promise<SuiteShop> {
  const client = await made(admin, 'clients', { name: 'Harbor Dental' });
  const mirrors = await made(admin, 'product_categories', { name: 'Mirrors', sort: 1 });
  const shower = await made(admin, 'product_categories', { name: 'Shower Doors', sort: 2 });
  expect((await admin.post('/api/settings/store_many', { data: [...SHOP_SETTINGS, ...more] })).status).toBe(200);
  return { client, mirrors, shower };
}

let seq = 0;

/**
 * The suite's fields for a new estimate (made by the caller, who adds its own): its products made
 * by `admin`, a name `Suite n`, the items (the mirror's alternate described as `alternate`) and
 * the mirrors' note.
 */
export async function suiteFields(admin: Client, shop: SuiteShop, alternate: string): Promise<Row> {
  const n = ++seq;
  const mirror = await made(admin, 'products', { name: `Plate mirror ${n}`, category_id: shop.mirrors.id, cost_per_unit: 50, revenue_per_unit: 100 });
  const framed = await made(admin, 'products', { name: `Framed mirror ${n}`, category_id: shop.mirrors.id, cost_per_unit: 80, revenue_per_unit: 160 });
  const door = await made(admin, 'products', { name: `Shower door ${n}`, category_id: shop.shower.id, cost_per_unit: 400, revenue_per_unit: 900 });
  return {
    client_id: shop.client.id,
    name: `Suite ${n}`,
    job_address: '1 Main St',
    contact_name: 'Dr. Reyes',
    items: [
      {
        product_id: mirror.id,
        qty: 2,
        amount: 200,
        cost: 100,
        alternate_product_id: framed.id,
        alternate_amount: 320,
        alternate_cost: 160,
        alternate_description: alternate,
      },
      { product_id: door.id, description: 'Frameless door', qty: 1, amount: 900, cost: 400, notes: 'internal: measure twice' },
    ],
    category_notes: [{ product_category_id: shop.mirrors.id, note: 'Mirrors are 1/4" clear.' }],
  };
}
