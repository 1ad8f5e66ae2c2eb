/**
 * Issue 10, the demo data: `npm run seed:demo` leaves orders in every state (draft, open,
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
});
