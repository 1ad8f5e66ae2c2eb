/**
 * The inventory area of the demo: material categories and materials, what the catalogue's
 * products are made of, two years of stock movements, and boms (open and pulled).
 */
import { isoDate, DAY, type SeedContext } from './seed-context.ts';
import { cents } from './rng.ts';
import { load, loadRows, MAX_ROWS } from './load.ts';
import type { DemoCatalogue, ProductInfo } from './catalogue.ts';
import type { DemoJobs } from './jobs.ts';
import { FINISHES } from './vocabulary.ts';

/**
 * `sizes`: what the description leads with (glass by thickness); else a size from MATERIAL_SIZES.
 * `glass`: a glass category (cut to size: what a series may order as its glass).
 */
const MATERIAL_CATEGORIES: readonly {
  name: string;
  glass?: boolean;
  code: string;
  items: readonly string[];
  price: [number, number];
  unit: string;
  sizes?: readonly string[];
}[] = [
  {
    name: 'Glass',
    glass: true,
    code: 'GL',
    price: [18, 260],
    unit: 'sheet',
    items: ['Clear Tempered', 'Low-Iron Tempered', 'Clear Annealed', 'Rain Pattern', 'Satin Etched', 'Gray Tint', 'Bronze Tint'],
    sizes: ['3/16"', '1/4"', '3/8"', '1/2"'],
  },
  {
    name: 'Mirror Stock',
    glass: true,
    code: 'MS',
    price: [22, 190],
    unit: 'sheet',
    items: ['Clear Mirror', 'Low-Iron Mirror', 'Safety-Backed Mirror', 'Gray Mirror', 'Bronze Mirror'],
  },
  {
    name: 'Aluminum Extrusions',
    code: 'AL',
    price: [9, 85],
    unit: 'length',
    items: ['3/8" U-Channel', '1/2" U-Channel', 'J-Channel', 'Header', 'Sill', 'Jamb', 'Mirror Clip Channel', 'Bypass Track'],
  },
  {
    name: 'Hardware',
    code: 'HD',
    price: [3, 140],
    unit: 'ea',
    items: ['Wall-Mount Hinge', 'Glass-to-Glass Hinge', 'Pivot Hinge', 'Pull Handle', 'Glass Clip', 'Clamp', 'Towel Bar', 'Knob', 'Roller Set'],
  },
  {
    name: 'Fasteners',
    code: 'FS',
    price: [2, 40],
    unit: 'box',
    items: ['Wood Screw', 'Sheet Metal Screw', 'Toggle Bolt', 'Wall Anchor', 'Mirror Clip', 'Rivet'],
  },
  {
    name: 'Sealants & Adhesives',
    code: 'SA',
    price: [5, 35],
    unit: 'tube',
    items: ['Clear Silicone', 'White Silicone', 'Mirror Mastic', 'Structural Glazing Silicone'],
  },
  {
    name: 'Shelving Components',
    code: 'SC',
    price: [2, 60],
    unit: 'ea',
    items: ['Wire Shelf 12"', 'Wire Shelf 16"', 'Wall Clip', 'Shelving Bracket', 'Support Brace', 'End Cap', 'Standard'],
  },
  {
    name: 'Window Covering Parts',
    code: 'WP',
    price: [1, 45],
    unit: 'ea',
    items: ['Headrail', 'Bottom Rail', 'Valance', 'Wand', 'Mounting Bracket', 'Cord Lock'],
  },
];
const MATERIAL_SIZES = [
  '24x36',
  '30x60',
  '36x72',
  '48x84',
  '48x96',
  '60x84',
  '72x96',
  '96"',
  '144"',
  '192"',
  '1/4"',
  '3/8"',
  '1/2"',
  '#8',
  '#10',
  '10 oz',
  '12 in',
  '16 in',
] as const;

export interface MaterialInfo {
  id: number;
  number: string;
  description: string;
  categoryName: string;
  /** Starting price and quantity. */
  price: number;
  startQty: number;
  /** The stock movements follow them: a restock when stock falls under the reorder point. */
  reorderQty: number;
  economicQty: number;
}

export interface DemoMaterials {
  materials: MaterialInfo[];
  counts: { material_categories: number; materials: number };
}

export async function seedMaterials(ctx: SeedContext): Promise<DemoMaterials> {
  const { rng, scale } = ctx;
  const materialCategoryIds = await load(
    ctx,
    'material_categories',
    2,
    async (push) => {
      for (const c of MATERIAL_CATEGORIES) await push({ name: c.name, is_glass: Boolean(c.glass) });
    },
    { ids: true },
  );
  const drafts: Omit<MaterialInfo, 'id' | 'reorderQty' | 'economicQty'>[] = [];
  for (let i = 0; i < scale.materials; i++) {
    const c = MATERIAL_CATEGORIES[i % MATERIAL_CATEGORIES.length]!;
    const item = rng.pick(c.items);
    const size = c.sizes ? `${rng.pick(c.sizes)} ${rng.pick(['48x84', '60x96', '72x96', '96x130'])}` : rng.pick(MATERIAL_SIZES);
    const finish = c.name === 'Hardware' || c.name === 'Aluminum Extrusions' ? ` ${rng.pick(FINISHES)}` : '';
    drafts.push({
      number: `${c.code}-${String(Math.floor(i / MATERIAL_CATEGORIES.length) + 1).padStart(5, '0')}`,
      description: c.sizes ? `${size.split(' ')[0]} ${item} ${size.split(' ')[1]}` : `${size} ${item}${finish}`,
      categoryName: c.name,
      price: rng.money(c.price[0], c.price[1]),
      startQty: rng.int(0, 200),
    });
  }
  const levels: { reorderQty: number; economicQty: number }[] = [];
  const ids = await load(
    ctx,
    'materials',
    9,
    async (push) => {
      for (const [i, m] of drafts.entries()) {
        const reorderQty = rng.int(0, 20);
        const economicQty = rng.pick([0, 5, 10, 25, 50]);
        levels.push({ reorderQty, economicQty });
        await push({
          material_category_id: materialCategoryIds[i % MATERIAL_CATEGORIES.length],
          material_category_name: m.categoryName,
          number: m.number,
          description: m.description,
          reorder_qty: reorderQty,
          economic_order_qty: economicQty,
          starting_qty: m.startQty,
          starting_price: m.price,
          active: rng.chance(0.95),
        });
      }
    },
    { ids: true },
  );
  const materials = drafts.map((m, i) => ({ ...m, ...levels[i]!, id: ids[i]! }));
  return { materials, counts: { material_categories: materialCategoryIds.length, materials: materials.length } };
}

/**
 * The glass series name their glass (Order Glass orders the demo's measured pieces out of
 * the box): a material of the series' stock with its item in the description, else the stock's
 * first. Picked without the random stream, so the rest of the demo stays as it was.
 */
export async function seedSeriesGlass(ctx: SeedContext, given: { catalogue: DemoCatalogue; materials: MaterialInfo[] }): Promise<void> {
  for (const { id, glass } of given.catalogue.glassSeries) {
    const stock = given.materials.filter((m) => m.categoryName === glass.stock);
    const material = stock.find((m) => m.description.includes(glass.item)) ?? stock[0];
    if (!material) continue;
    await ctx.db.query('UPDATE series SET glass_material_id = $1, glass_thickness = $2 WHERE id = $3', [material.id, glass.thickness, id]);
  }
}

/**
 * Shower glass products are assemblies (glass, hinges or rollers, clips, channel, silicone); the
 * other inventory products name their one material.
 */
export async function seedProductMaterials(
  ctx: SeedContext,
  given: { products: ProductInfo[]; materials: MaterialInfo[] },
): Promise<{ counts: { product_materials: number } }> {
  const { rng } = ctx;
  // Materials by their category's name, to pick believable ones for each kind of product.
  const materialsOf = new Map<string, MaterialInfo[]>();
  for (const m of given.materials) materialsOf.set(m.categoryName, [...(materialsOf.get(m.categoryName) ?? []), m]);
  const pickOf = (category: string, match?: RegExp) => {
    const pool = materialsOf.get(category) ?? [];
    const fit = match ? pool.filter((m) => match.test(m.description)) : [];
    return fit.length ? rng.pick(fit) : pool.length ? rng.pick(pool) : undefined;
  };
  const SINGLE_MATERIAL: Record<string, string> = {
    Mirrors: 'Mirror Stock',
    Shelving: 'Shelving Components',
    Hardware: 'Hardware',
    'Window Coverings': 'Window Covering Parts',
  };
  const assemblyIds: number[] = [];
  let productMaterialCount = 0;
  await load(ctx, 'product_materials', 3, async (push) => {
    for (const p of given.products) {
      if (p.cat.name !== 'Shower Glass') continue;
      const sliding = /Slider|Bypass/.test(p.name);
      const parts: [MaterialInfo | undefined, number][] = [
        [pickOf('Glass', /3\/8"|1\/2"/), sliding ? 2 : 1],
        [pickOf('Hardware', sliding ? /Roller/ : /Hinge/), sliding ? 1 : rng.int(2, 3)],
        [pickOf('Hardware', /Glass Clip|Clamp/), rng.int(2, 6)],
        [pickOf('Aluminum Extrusions', sliding ? /Track/ : /U-Channel/), 1],
        [pickOf('Sealants & Adhesives', /Silicone/), 1],
      ];
      const seen = new Set<number>();
      for (const [m, qty] of parts) {
        if (!m || seen.has(m.id)) continue;
        seen.add(m.id);
        await push({ product_id: p.id, material_id: m.id, qty });
        productMaterialCount++;
      }
      if (seen.size) assemblyIds.push(p.id);
    }
  });
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < assemblyIds.length; i += MAX_ROWS) {
      await tx.query('UPDATE products SET is_assembly = true WHERE id = ANY($1::int[])', [assemblyIds.slice(i, i + MAX_ROWS)]);
    }
    const single = given.products.flatMap((p) => {
      const m = SINGLE_MATERIAL[p.cat.name] ? pickOf(SINGLE_MATERIAL[p.cat.name]!) : undefined;
      return m ? [[p.id, m.id] as const] : [];
    });
    for (let i = 0; i < single.length; i += MAX_ROWS) {
      const chunk = single.slice(i, i + MAX_ROWS);
      await tx.query('UPDATE products p SET material_id = v.m FROM unnest($1::int[], $2::int[]) AS v(p, m) WHERE p.id = v.p AND NOT p.non_inventory', [
        chunk.map((c) => c[0]),
        chunk.map((c) => c[1]),
      ]);
    }
  });
  return { counts: { product_materials: productMaterialCount } };
}

const ADJUSTMENT_NOTES = ['Broken in the shop', 'Damaged on delivery', 'Found on the truck', 'Returned from job', 'Scrapped: scratched'] as const;

/**
 * Per material, in date order over the last two years: pulls for jobs (never below zero), now
 * and then a count (the shelf differs a little from the book) or an adjustment with its reason,
 * and receipts as a shop restocks: when stock falls under the reorder point (or 5 without one)
 * an order goes out and arrives with the next movement, at about the vendor's price. So at the
 * end a few percent of the materials wait for stock (below their reorder qty): the shortfall
 * suggested orders exist for.
 */
export async function seedStockMovements(ctx: SeedContext, given: { materials: MaterialInfo[] }): Promise<{ counts: { material_transactions: number } }> {
  const { rng, scale, todayMs } = ctx;
  let transactionCount = 0;
  const perMaterial = given.materials.length ? scale.materialTransactions / given.materials.length : 0;
  await load(ctx, 'material_transactions', 6, async (push) => {
    for (const [i, m] of given.materials.entries()) {
      const n = Math.max(0, Math.round(perMaterial * rng.money(0.6, 1.4)));
      const reorderPoint = Math.max(m.reorderQty, 5);
      let onHand = m.startQty;
      /** A restock is under way: the next movement is its receipt. */
      let restocking = false;
      const days = Array.from({ length: n }, () => rng.int(0, 730)).sort((a, b) => b - a);
      for (const ago of days) {
        const date = isoDate(todayMs - ago * DAY);
        const roll = rng.next();
        if (restocking || onHand <= 0) {
          const qty = Math.max(m.economicQty, m.reorderQty * 2, rng.int(60, 200));
          onHand += qty;
          restocking = false;
          await push({ material_id: m.id, type: 'receipt', qty, price: cents(m.price * rng.money(0.9, 1.1)), date, note: null });
        } else if (roll < 0.88) {
          const qty = Math.min(onHand, rng.int(1, 12));
          onHand -= qty;
          await push({ material_id: m.id, type: 'pull', qty, price: null, date, note: null });
        } else if (roll < 0.94) {
          onHand = Math.max(0, onHand + rng.int(-3, 2));
          await push({ material_id: m.id, type: 'count', qty: onHand, price: null, date, note: i % 2 ? 'Cycle count' : 'Year-end count' });
        } else {
          const qty = rng.chance(0.8) ? -Math.min(onHand, rng.int(1, 3)) : rng.int(1, 3);
          onHand += qty;
          await push({ material_id: m.id, type: 'adjustment', qty, price: null, date, note: rng.pick(ADJUSTMENT_NOTES) });
        }
        if (onHand < reorderPoint) restocking = true;
        transactionCount++;
      }
    }
  });
  return { counts: { material_transactions: transactionCount } };
}

/** Boms: open ones (their lines are open demand) and pulled ones (with their pulls). */
export async function seedBoms(ctx: SeedContext, given: { materials: MaterialInfo[]; jobs: DemoJobs }): Promise<{ counts: { boms: number } }> {
  const { rng, scale, todayMs } = ctx;
  const { materials, jobs } = given;
  const bomCount = Math.min(500, Math.max(6, Math.round(scale.purchaseOrders / 4)));
  const drafts = Array.from({ length: materials.length && jobs.ids.length ? bomCount : 0 }, (_, i) => {
    const jobIdx = rng.int(0, jobs.ids.length - 1);
    const pulled = i % 2 === 0 ? todayMs - rng.int(1, 300) * DAY : null;
    const lines = rng.sample(materials, Math.min(materials.length, rng.int(2, 5))).map((m) => ({ m, qty: rng.int(1, 6) }));
    return { jobIdx, pulled, lines, name: `${jobs.infos[jobIdx]?.number ?? 'Job'} materials` };
  });
  const bomIds = await loadRows(
    ctx,
    'boms',
    3,
    drafts.map((b) => ({ name: b.name, job_id: jobs.ids[b.jobIdx], pulled_at: b.pulled !== null ? new Date(b.pulled + 10 * 3600_000).toISOString() : null })),
  );
  await load(ctx, 'bom_materials', 5, async (push) => {
    for (const [i, b] of drafts.entries()) {
      for (const l of b.lines)
        await push({ bom_id: bomIds[i], material_id: l.m.id, material_number: l.m.number, material_description: l.m.description, qty: l.qty });
    }
  });
  await load(ctx, 'material_transactions', 6, async (push) => {
    for (const [i, b] of drafts.entries()) {
      if (b.pulled === null) continue;
      for (const l of b.lines)
        await push({ material_id: l.m.id, type: 'pull', qty: l.qty, date: isoDate(b.pulled), bom_id: bomIds[i], note: `Bom ${b.name}: pulled` });
    }
  });
  return { counts: { boms: bomIds.length } };
}
