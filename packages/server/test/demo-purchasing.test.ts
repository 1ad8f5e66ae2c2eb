/**
 * The demo data: `npm run seed:demo` leaves orders in every state (draft, open,
 * received), split lines (part received, the rest backordered, on one open order), and boms both
 * open and pulled, each pulled one explained by its pull transactions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { seedDemo } from '../src/cli/seed-demo.ts';
import { openTestDb } from './harness.ts';

let db: Db;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ db, dispose } = await openTestDb());
  await seedDemo(db);
}, 120_000);
afterAll(async () => {
  await dispose?.();
});

describe('demo purchasing data', () => {
  it('has orders in every state', async () => {
    const rows = await db.query<{
      status: string;
      n: number;
    }>(`SELECT CASE WHEN received_at IS NOT NULL THEN 'received' WHEN sent_at IS NOT NULL THEN 'open' ELSE 'draft' END AS status, count(*)::int AS n
      FROM purchase_orders GROUP BY 1 ORDER BY 1`);
    expect(rows.map((r) => r.status)).toEqual(['draft', 'open', 'received']);
  });

  it('has a split line: on an open order, one material part received and part backordered', async () => {
    const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM purchase_orders o
      WHERE o.sent_at IS NOT NULL AND o.received_at IS NULL
        AND EXISTS (SELECT 1 FROM purchase_order_materials r JOIN purchase_order_materials b ON b.purchase_order_id = r.purchase_order_id AND b.material_id = r.material_id
                     WHERE r.purchase_order_id = o.id AND r.status = 'received' AND b.status = 'backordered')`);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('has open and pulled boms, each pulled line with its pull', async () => {
    const rows = await db.query<{ pulled: boolean; n: number }>('SELECT pulled_at IS NOT NULL AS pulled, count(*)::int AS n FROM boms GROUP BY 1 ORDER BY 1');
    expect(rows.map((r) => r.pulled)).toEqual([false, true]);
    const unexplained = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bom_materials bm JOIN boms b ON b.id = bm.bom_id
      WHERE b.pulled_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM material_transactions t WHERE t.bom_id = b.id AND t.material_id = bm.material_id AND t.type = 'pull')`);
    expect(unexplained[0]!.n).toBe(0);
  });

  it('orders glass out of the box: the glass series name a glass material a vendor sells, and measured pieces of them are to order', async () => {
    const series = await db.query<{ name: string; category: string; thickness: number | null; is_glass: boolean | null; sellers: number }>(`
      SELECT s.name, c.name AS category, s.glass_thickness::float8 AS thickness, mc.is_glass,
             (SELECT count(*)::int FROM vendor_materials vm WHERE vm.material_id = m.id AND vm.active AND vm.unit_price > 0) AS sellers
        FROM series s JOIN product_categories c ON c.id = s.category_id
        LEFT JOIN materials m ON m.id = s.glass_material_id LEFT JOIN material_categories mc ON mc.id = m.material_category_id
       WHERE c.name IN ('Mirrors', 'Shower Glass', 'Window Coverings') ORDER BY c.name, s.sort`);
    for (const s of series) {
      if (s.category === 'Window Coverings') expect(s, s.name).toMatchObject({ is_glass: null, thickness: null });
      else expect(s.is_glass && s.thickness! > 0 && s.sellers > 0, s.name).toBe(true);
    }
    const [orderable] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM job_products jp
      JOIN jobs j ON j.id = jp.job_id AND j.active AND NOT j.is_template JOIN series s ON s.id = jp.series_id
      WHERE NOT jp.is_ordered AND jp.glass_width IS NOT NULL AND jp.glass_height IS NOT NULL AND s.glass_material_id IS NOT NULL AND jp.deleted_at IS NULL`);
    expect(orderable!.n).toBeGreaterThan(0);
  });
});
