/** The catalogue area of the demo: product categories (the five scopes), their series, and products. */
import type { SCOPES } from '@glazier/shared/resources/jobs';
import { NO_FLAGS } from '@glazier/shared/rules/catalogue/series-features';
import { cents } from './rng.ts';
import { load } from './load.ts';
import type { SeedContext } from './seed-context.ts';
import { FINISHES } from './vocabulary.ts';

export type Scope = (typeof SCOPES)[number];

/** The five scopes (docs/domain/jobs.md, Scopes and completion): the categories a job's work falls in. */
export interface CategorySeed {
  name: Scope;
  flags: Partial<Record<'enable_cutlist' | 'enable_dimensions' | 'enable_measured' | 'enable_ordered' | 'enable_fabricated' | 'enable_units', boolean>>;
  method: 'series' | 'product';
  code: string;
  unit: string;
  /** Cost range per unit. */
  cost: [number, number];
  series: { name: string; special?: boolean; items: readonly string[]; glass?: SeriesGlass }[];
}

/**
 * The glass a series' pieces are cut from (its "Glass to order"): a material of that
 * stock (a glass material category of inventory.ts) whose description has `item`, else the
 * stock's first, at that thickness (inches).
 */
export interface SeriesGlass {
  stock: 'Glass' | 'Mirror Stock';
  item: string;
  thickness: number;
}

const CATEGORIES: readonly CategorySeed[] = [
  {
    name: 'Hardware',
    flags: { enable_ordered: true, enable_units: true },
    method: 'product',
    code: 'HW',
    unit: 'ea',
    cost: [6, 140],
    series: [
      { name: 'Towel Bars', items: ['18" Towel Bar', '24" Towel Bar', '30" Towel Bar', 'Towel Ring', 'Robe Hook', 'Double Robe Hook'] },
      { name: 'Bath Accessories', items: ['Toilet Paper Holder', 'Grab Bar 36"', 'Grab Bar 42"', 'Soap Dish', 'Tumbler Holder'] },
      { name: 'Shower Hardware', items: ['Pull Handle 6"', 'Pull Handle 8"', 'Knob', 'Glass Clip', 'Header Bracket', 'Support Bar'] },
      { name: 'Closet Hardware', special: true, items: ['Closet Rod 48"', 'Rod Bracket', 'Shelf Bracket', 'Belt Rack', 'Tie Rack'] },
    ],
  },
  {
    name: 'Mirrors',
    flags: { enable_cutlist: true, enable_dimensions: true, enable_measured: true, enable_ordered: true, enable_fabricated: true },
    method: 'series',
    code: 'MR',
    unit: 'sq ft',
    cost: [4, 28],
    series: [
      {
        name: 'Frameless Polished Edge',
        glass: { stock: 'Mirror Stock', item: 'Clear Mirror', thickness: 0.25 },
        items: ['1/4" Clear Mirror', '1/4" Low-Iron Mirror', '3/16" Clear Mirror'],
      },
      {
        name: 'Beveled Mirror',
        glass: { stock: 'Mirror Stock', item: 'Clear Mirror', thickness: 0.25 },
        items: ['1" Bevel Mirror', '1-1/4" Bevel Mirror', '1/2" Bevel Mirror'],
      },
      {
        name: 'Framed Mirrors',
        glass: { stock: 'Mirror Stock', item: 'Clear Mirror', thickness: 0.1875 },
        items: ['Aluminum Frame Mirror', 'Stainless Frame Mirror', 'Wood Frame Mirror'],
      },
      {
        name: 'Gym Mirrors',
        special: true,
        glass: { stock: 'Mirror Stock', item: 'Safety-Backed Mirror', thickness: 0.25 },
        items: ['Gym Wall Mirror', 'Safety-Backed Mirror'],
      },
    ],
  },
  {
    name: 'Shelving',
    flags: { enable_cutlist: true, enable_measured: true, enable_fabricated: true, enable_units: true },
    method: 'series',
    code: 'SH',
    unit: 'lin ft',
    cost: [3, 22],
    series: [
      { name: 'Wire Shelving - Standard', items: ['12" Shelf & Rod', '16" Shelf & Rod', '12" Linen Shelf', '16" Linen Shelf', 'Pantry Shelf'] },
      { name: 'SuperSlide Wire', items: ['12" SuperSlide', '16" SuperSlide', 'Corner Shelf'] },
      { name: 'Melamine Shelving', special: true, items: ['12" White Melamine', '16" White Melamine', 'Adjustable Tower'] },
    ],
  },
  {
    name: 'Shower Glass',
    flags: { enable_cutlist: true, enable_dimensions: true, enable_measured: true, enable_ordered: true, enable_fabricated: true },
    method: 'series',
    code: 'SG',
    unit: 'ea',
    cost: [280, 2400],
    series: [
      {
        name: 'Frameless 3/8" Hinge Door',
        glass: { stock: 'Glass', item: 'Clear Tempered', thickness: 0.375 },
        items: ['Inline Door & Panel', 'Single Door', '90° Door & Return', 'Neo-Angle', 'Splash Panel'],
      },
      { name: 'Semi-Frameless', glass: { stock: 'Glass', item: 'Clear Tempered', thickness: 0.25 }, items: ['Bypass Slider', 'Pivot Door', 'Door & Panel'] },
      {
        name: 'Sliding Bypass',
        glass: { stock: 'Glass', item: 'Rain Pattern', thickness: 0.25 },
        items: ['Tub Slider', 'Shower Slider', 'Heavy Glass Bypass'],
      },
      {
        name: 'Steam Enclosures',
        special: true,
        glass: { stock: 'Glass', item: 'Low-Iron Tempered', thickness: 0.5 },
        items: ['Steam Door & Transom', 'Steam Inline Enclosure'],
      },
    ],
  },
  {
    name: 'Window Coverings',
    flags: { enable_dimensions: true, enable_measured: true, enable_ordered: true },
    method: 'product',
    code: 'WC',
    unit: 'ea',
    cost: [35, 420],
    series: [
      { name: 'Roller Shades', items: ['Light Filtering Roller', 'Blackout Roller', 'Solar Screen 5%', 'Solar Screen 3%'] },
      { name: '2" Faux Wood Blinds', items: ['Faux Wood Blind', 'Cordless Faux Wood Blind'] },
      { name: 'Vertical Blinds', items: ['Vinyl Vertical', 'Fabric Vertical', 'Patio Door Vertical'] },
      { name: 'Cellular Shades', special: true, items: ['Single Cell Shade', 'Double Cell Shade', 'Top-Down Bottom-Up'] },
    ],
  },
];

export interface ProductInfo {
  id: number;
  name: string;
  seriesId: number;
  cat: CategorySeed;
  catId: number;
  cost: number;
  revenue: number;
  unit: string;
}

export interface DemoCatalogue {
  /** In the order of the scopes' sort. */
  categoryIds: number[];
  categoryIdOf: Map<Scope, number>;
  products: ProductInfo[];
  productsByCat: Map<Scope, ProductInfo[]>;
  /** The series that order glass, with the glass they name (set once the materials are made: inventory.ts `seedSeriesGlass`). */
  glassSeries: { id: number; glass: SeriesGlass }[];
  counts: { product_categories: number; series: number; products: number };
}

/**
 * A product's labour estimate: by its unit, varied by its place (not the rng, so the
 * rest of the demo stays as it was); every seventh has none, as a catalogue half filled in would.
 */
function demoHoursPerUnit(unit: string, i: number): number | null {
  if (i % 7 === 6) return null;
  const base = unit === 'sq ft' ? 0.75 : unit === 'lin ft' ? 0.6 : 3.5;
  return Math.round(base * (0.7 + (i % 5) * 0.15) * 100) / 100;
}

export async function seedCatalogue(ctx: SeedContext): Promise<DemoCatalogue> {
  const { rng, scale } = ctx;
  const categoryIds = await load(
    ctx,
    'product_categories',
    9,
    async (push) => {
      for (const [i, c] of CATEGORIES.entries()) await push({ name: c.name, ...NO_FLAGS, ...c.flags, product_selection_method: c.method, sort: i + 1 });
    },
    { ids: true },
  );
  const categoryIdOf = new Map(CATEGORIES.map((c, i) => [c.name, categoryIds[i]!]));

  const seriesDrafts = CATEGORIES.flatMap((cat) =>
    cat.series.map((s, i) => ({ name: s.name, cat, special: Boolean(s.special), items: s.items, glass: s.glass, sort: i + 1 })),
  );
  const seriesIds = await load(
    ctx,
    'series',
    12,
    async (push) => {
      for (const s of seriesDrafts) {
        await push({
          name: s.name,
          category_id: categoryIdOf.get(s.cat.name),
          use_category_settings: true,
          ...NO_FLAGS,
          special_order: s.special,
          sort: s.sort,
        });
      }
    },
    { ids: true },
  );
  const series = seriesDrafts.map((s, i) => ({ id: seriesIds[i]!, name: s.name, cat: s.cat, catId: categoryIdOf.get(s.cat.name)!, items: s.items }));

  const productDrafts: (Omit<ProductInfo, 'id'> & { number: string; description: string; seriesName: string })[] = [];
  const perSeries = Math.max(1, Math.ceil(scale.products / series.length));
  const numbers = new Set<string>();
  for (const s of series) {
    for (let k = 0; k < perSeries && productDrafts.length < scale.products; k++) {
      const item = s.items[k % s.items.length]!;
      const round = Math.floor(k / s.items.length);
      const finish = s.cat.name === 'Hardware' || s.cat.name === 'Shower Glass' ? FINISHES[round % FINISHES.length]! : '';
      const variant = round === 0 || finish ? '' : ` #${round + 1}`;
      const name = `${item}${finish ? ` - ${finish}` : ''}${variant}${round >= FINISHES.length ? ` (${Math.floor(round / FINISHES.length) + 1})` : ''}`;
      let number: string;
      do number = `${s.cat.code}-${String(rng.int(1000, 99999))}`;
      while (numbers.has(number));
      numbers.add(number);
      const cost = rng.money(s.cat.cost[0], s.cat.cost[1]);
      productDrafts.push({
        name,
        number,
        seriesId: s.id,
        seriesName: s.name,
        cat: s.cat,
        catId: s.catId,
        cost,
        revenue: cents(cost * rng.money(1.6, 2.3)),
        unit: s.cat.unit,
        description: `${s.name}: ${name}`,
      });
    }
  }
  const productIds = await load(
    ctx,
    'products',
    12,
    async (push) => {
      for (const p of productDrafts) {
        await push({
          number: p.number,
          name: p.name,
          description: p.description,
          unit: p.unit,
          series_id: p.seriesId,
          category_id: p.catId,
          series_name: p.seriesName,
          cost_per_unit: p.cost,
          revenue_per_unit: p.revenue,
          non_inventory: rng.chance(0.1),
          is_assembly: false,
          hours_per_unit: demoHoursPerUnit(p.unit, productDrafts.indexOf(p)),
        });
      }
    },
    { ids: true },
  );
  const products: ProductInfo[] = productDrafts.map((p, i) => ({ ...p, id: productIds[i]! }));
  const productsByCat = new Map<Scope, ProductInfo[]>();
  for (const p of products) productsByCat.set(p.cat.name, [...(productsByCat.get(p.cat.name) ?? []), p]);
  return {
    categoryIds,
    categoryIdOf,
    products,
    productsByCat,
    glassSeries: seriesDrafts.flatMap((s, i) => (s.glass ? [{ id: seriesIds[i]!, glass: s.glass }] : [])),
    counts: { product_categories: categoryIds.length, series: seriesIds.length, products: products.length },
  };
}
