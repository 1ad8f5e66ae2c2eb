/**
 * A deterministic generator of a realistic glass/mirror contractor, at any scale: the small demo
 * of `npm run seed:demo` and the 100k-job database of `npm run bench` come from the same code.
 *
 * Deterministic: the same seed, scale and `today` give the same rows (a seeded PRNG, no
 * Math.random, no clock unless `today` is left to default). Rows go in with multi-row inserts of
 * about 1000 rows per statement (fewer for wide tables: PostgreSQL allows 65535 bound parameters
 * per statement), one transaction per table, and denormalised columns are filled here exactly as
 * the resource hooks would fill them (jobs.client_name, time_entries.user_name,
 * products.series_name, materials.material_category_name, the purchase order line's material
 * number/description/order number/vendor part number, job products' name and unit prices).
 *
 * It writes straight to the tables (no engine, no audit rows): it is a loader, not a user.
 */
import { SCOPES } from '@glazier/shared/resources/jobs';
import { CLIENT_COLORS } from '@glazier/shared/resources/people';
import { PICKUP_REASONS, PICKUP_STATUSES } from '@glazier/shared/resources/jobs';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Row } from '../db/client.ts';
import { tableFor } from '../db/schema.ts';
import { isJobComplete } from '@glazier/shared/rules/jobs/job-scope';
import { preparePdf, prepareImage } from '../platform/attachments/stored-files.ts';
import type { BlobContent } from '../engine/context.ts';
import sharp from 'sharp';

// ---------- scale ----------

export interface DemoScale {
  clients: number;
  jobs: number;
  /** Total job products, spread over the jobs (at least one each). */
  jobProducts: number;
  timeEntries: number;
  /** Products in the catalogue (spread over the series). */
  products: number;
  materials: number;
  vendors: number;
  estimates: number;
  /** Average items per estimate. */
  estimateItems: number;
  /** Average schedule events per job. */
  eventsPerJob: number;
  pickupItems: number;
  /** Notes, file records (PDFs) and image records on jobs, most of them on recent jobs. */
  notes: number;
  files: number;
  images: number;
  purchaseOrders: number;
  /** Average lines per purchase order. */
  poLines: number;
  /** Crew members created without a login when the caller gives no users. */
  crew: number;
  /** Job templates (jobs with is_template) with a few products each. */
  templates: number;
  /** Stock movements (receipts, pulls, counts, adjustments), spread over the materials. */
  materialTransactions: number;
}

export const SCALES = {
  /** `npm run seed:demo`: a few dozen of everything, easy to look through. */
  demo: {
    clients: 36, jobs: 60, jobProducts: 200, timeEntries: 400, products: 90, materials: 80, vendors: 8,
    estimates: 40, estimateItems: 4, eventsPerJob: 1.5, pickupItems: 30, notes: 80, files: 6, images: 12, purchaseOrders: 20, poLines: 4, crew: 6, templates: 3, materialTransactions: 1_200,
  },
  /** `npm run bench -- --scale small`: enough to exercise the benchmark quickly. */
  small: {
    clients: 120, jobs: 2_000, jobProducts: 6_000, timeEntries: 4_000, products: 300, materials: 500, vendors: 15,
    estimates: 400, estimateItems: 3, eventsPerJob: 0.6, pickupItems: 300, notes: 3_000, files: 400, images: 2_000, purchaseOrders: 150, poLines: 4, crew: 20, templates: 3, materialTransactions: 20_000,
  },
  /** `npm run bench`: the scale of issue 2 item 10. */
  full: {
    clients: 1_500, jobs: 100_000, jobProducts: 300_000, timeEntries: 200_000, products: 2_000, materials: 10_000, vendors: 40,
    estimates: 10_000, estimateItems: 3, eventsPerJob: 0.6, pickupItems: 10_000, notes: 150_000, files: 20_000, images: 100_000, purchaseOrders: 3_000, poLines: 4, crew: 40, templates: 5, materialTransactions: 1_000_000,
  },
} as const satisfies Record<string, DemoScale>;

export type ScaleName = keyof typeof SCALES;

/** The burden rate ($/hour) the demo jobs carry; seed-demo stores the same value as the setting. */
export const DEMO_BURDEN_RATE = 32.5;

// ---------- PRNG ----------

/** mulberry32: small, fast, good enough for test data, and the same on every machine. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Money with cents, between min and max. */
  money(min: number, max: number): number {
    return Math.round((min + this.next() * (max - min)) * 100) / 100;
  }
  /** `n` distinct items of `list` (n ≤ list.length). */
  sample<T>(list: readonly T[], n: number): T[] {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }
}

// ---------- vocabulary ----------

const CLIENT_PREFIXES = [
  'Summit', 'Cascade', 'Pioneer', 'Evergreen', 'Ironwood', 'Harbor', 'Keystone', 'Redwood', 'Granite', 'Silverline',
  'Northgate', 'Blue Ridge', 'Lakeside', 'Meridian', 'Cornerstone', 'Riverbend', 'Highland', 'Bayview', 'Timberline',
  'Westbrook', 'Clearwater', 'Stonegate', 'Copper Creek', 'Sierra', 'Pacific Crest', 'Oakmont', 'Sunrise', 'Crescent',
  'Falcon', 'Heritage', 'Liberty', 'Mesa', 'Prairie', 'Sterling', 'Tidewater', 'Union', 'Valley', 'Willamette',
  'Alder', 'Beacon', 'Canyon', 'Driftwood', 'Eagle Point', 'Foothill', 'Glacier', 'Horizon', 'Juniper', 'Kingston',
] as const;
const CLIENT_SUFFIXES = [
  'Construction', 'Builders', 'Homes', 'General Contractors', 'Development', 'Construction Group', 'Custom Homes',
  'Property Management', 'Remodeling', 'Design Build', 'Contracting', 'Renovations', 'Residential', 'Commercial Builders',
  'Glass & Mirror', 'Interiors', 'Realty Group', 'Architects',
] as const;
const CLIENT_TYPES = ['General Contractor', 'Home Builder', 'Property Management', 'Homeowner', 'Architect', 'Designer'] as const;

const FIRST_NAMES = [
  'James', 'Maria', 'Robert', 'Linda', 'Michael', 'Patricia', 'David', 'Jennifer', 'Carlos', 'Elizabeth', 'Daniel',
  'Susan', 'Jose', 'Karen', 'Thomas', 'Nancy', 'Kevin', 'Lisa', 'Brian', 'Angela', 'Luis', 'Megan', 'Tyler', 'Rachel',
  'Aaron', 'Heather', 'Marcus', 'Amber', 'Derek', 'Tanya', 'Ethan', 'Olivia', 'Noah', 'Grace', 'Owen', 'Hannah',
] as const;
const LAST_NAMES = [
  'Smith', 'Johnson', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Jackson',
  'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'Allen', 'King',
  'Wright', 'Scott', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Baker', 'Nelson', 'Carter', 'Mitchell', 'Perez',
] as const;

const STREETS = [
  'Main', 'Oak', 'Pine', 'Maple', 'Cedar', 'Elm', 'Washington', 'Lake', 'Hill', 'Park', 'River', 'Sunset', 'Highland',
  'Jefferson', 'Lincoln', 'Madison', 'Franklin', 'Willow', 'Birch', 'Spruce', 'Division', 'Burnside', 'Hawthorne',
  'Belmont', 'Alberta', 'Killingsworth', 'Fremont', 'Broadway', 'Glisan', 'Stark', 'Powell', 'Foster', 'Woodstock',
  'Sandy', 'Macadam', 'Barbur', 'Canyon', 'Beaverton-Hillsdale', 'Murray', 'Scholls Ferry', 'Boones Ferry', 'Sunnyside',
] as const;
const STREET_TYPES = ['St', 'Ave', 'Blvd', 'Rd', 'Dr', 'Ln', 'Way', 'Ct', 'Pl', 'Pkwy'] as const;
const CITIES = [
  ['Portland', 'OR', 972], ['Beaverton', 'OR', 970], ['Lake Oswego', 'OR', 970], ['Tigard', 'OR', 972], ['Hillsboro', 'OR', 971],
  ['Gresham', 'OR', 970], ['Salem', 'OR', 973], ['Vancouver', 'WA', 986], ['Camas', 'WA', 986], ['Wilsonville', 'OR', 970],
  ['Tualatin', 'OR', 970], ['Oregon City', 'OR', 970], ['West Linn', 'OR', 970], ['Happy Valley', 'OR', 970],
] as const;

const JOB_KINDS = [
  'Master Bath Remodel', 'Guest Bath', 'Lobby Mirrors', 'Closet Shelving', 'Tenant Improvement', 'New Construction',
  'Model Home', 'Fitness Center Mirrors', 'Apartment Turnover', 'Kitchen Backsplash', 'Office Build-Out', 'Dental Office',
  'Restaurant Remodel', 'Retail Storefront', 'Hotel Renovation', 'Senior Living', 'Townhomes', 'Custom Residence',
  'Condo Units', 'School Restrooms', 'Clinic Remodel', 'Shower Enclosure Replacement', 'Blinds Replacement',
] as const;
const PROJECT_NAMES = [
  'The Pearl Lofts', 'Riverside Commons', 'Orchard Park', 'Hawthorne Flats', 'Forest Heights', 'Bridgeview',
  'Cedar Mill', 'Sellwood Terrace', 'Tanasbourne Place', 'Willamette Landing', 'Mt. Tabor Residences', 'Laurelhurst',
  'Nob Hill Suites', 'Eastmoreland', 'Bethany Village', 'Progress Ridge', 'Murrayhill', 'Reed College Place',
] as const;

const FINISHES = ['Chrome', 'Brushed Nickel', 'Matte Black', 'Oil Rubbed Bronze', 'Polished Brass', 'Satin Nickel'] as const;

/** The five scopes (platform.md / domain.md): the categories a job's work falls in. */
interface CategorySeed {
  name: (typeof SCOPES)[number];
  flags: Partial<Record<'enable_cutlist' | 'enable_dimensions' | 'enable_measured' | 'enable_ordered' | 'enable_fabricated' | 'enable_units', boolean>>;
  method: 'series' | 'product';
  code: string;
  unit: string;
  /** Cost range per unit. */
  cost: [number, number];
  series: { name: string; special?: boolean; items: readonly string[] }[];
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
      { name: 'Frameless Polished Edge', items: ['1/4" Clear Mirror', '1/4" Low-Iron Mirror', '3/16" Clear Mirror'] },
      { name: 'Beveled Mirror', items: ['1" Bevel Mirror', '1-1/4" Bevel Mirror', '1/2" Bevel Mirror'] },
      { name: 'Framed Mirrors', items: ['Aluminum Frame Mirror', 'Stainless Frame Mirror', 'Wood Frame Mirror'] },
      { name: 'Gym Mirrors', special: true, items: ['Gym Wall Mirror', 'Safety-Backed Mirror'] },
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
      { name: 'Frameless 3/8" Hinge Door', items: ['Inline Door & Panel', 'Single Door', '90° Door & Return', 'Neo-Angle', 'Splash Panel'] },
      { name: 'Semi-Frameless', items: ['Bypass Slider', 'Pivot Door', 'Door & Panel'] },
      { name: 'Sliding Bypass', items: ['Tub Slider', 'Shower Slider', 'Heavy Glass Bypass'] },
      { name: 'Steam Enclosures', special: true, items: ['Steam Door & Transom', 'Steam Inline Enclosure'] },
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

/** `sizes`: what the description leads with (glass by thickness); else a size from MATERIAL_SIZES. */
const MATERIAL_CATEGORIES: readonly { name: string; code: string; items: readonly string[]; price: [number, number]; unit: string; sizes?: readonly string[] }[] = [
  { name: 'Glass', code: 'GL', price: [18, 260], unit: 'sheet', items: ['Clear Tempered', 'Low-Iron Tempered', 'Clear Annealed', 'Rain Pattern', 'Satin Etched', 'Gray Tint', 'Bronze Tint'], sizes: ['3/16"', '1/4"', '3/8"', '1/2"'] },
  { name: 'Mirror Stock', code: 'MS', price: [22, 190], unit: 'sheet', items: ['Clear Mirror', 'Low-Iron Mirror', 'Safety-Backed Mirror', 'Gray Mirror', 'Bronze Mirror'] },
  { name: 'Aluminum Extrusions', code: 'AL', price: [9, 85], unit: 'length', items: ['3/8" U-Channel', '1/2" U-Channel', 'J-Channel', 'Header', 'Sill', 'Jamb', 'Mirror Clip Channel', 'Bypass Track'] },
  { name: 'Hardware', code: 'HD', price: [3, 140], unit: 'ea', items: ['Wall-Mount Hinge', 'Glass-to-Glass Hinge', 'Pivot Hinge', 'Pull Handle', 'Glass Clip', 'Clamp', 'Towel Bar', 'Knob', 'Roller Set'] },
  { name: 'Fasteners', code: 'FS', price: [2, 40], unit: 'box', items: ['Wood Screw', 'Sheet Metal Screw', 'Toggle Bolt', 'Wall Anchor', 'Mirror Clip', 'Rivet'] },
  { name: 'Sealants & Adhesives', code: 'SA', price: [5, 35], unit: 'tube', items: ['Clear Silicone', 'White Silicone', 'Mirror Mastic', 'Structural Glazing Silicone'] },
  { name: 'Shelving Components', code: 'SC', price: [2, 60], unit: 'ea', items: ['Wire Shelf 12"', 'Wire Shelf 16"', 'Wall Clip', 'Shelving Bracket', 'Support Brace', 'End Cap', 'Standard'] },
  { name: 'Window Covering Parts', code: 'WP', price: [1, 45], unit: 'ea', items: ['Headrail', 'Bottom Rail', 'Valance', 'Wand', 'Mounting Bracket', 'Cord Lock'] },
];
const MATERIAL_SIZES = ['24x36', '30x60', '36x72', '48x84', '48x96', '60x84', '72x96', '96"', '144"', '192"', '1/4"', '3/8"', '1/2"', '#8', '#10', '10 oz', '12 in', '16 in'] as const;
const VENDOR_NAMES = [
  'Pacific Glass Supply', 'Western Aluminum Distributors', 'Allied Fastener Co.', 'Northwest Mirror Works', 'Coastal Hardware Supply',
  'Columbia Shade & Blind', 'Rose City Glass Wholesale', 'Mountain View Building Products', 'Premier Shower Door Parts',
  'United Sealants', 'Cascade Wire Shelving', 'Great Western Glass', 'Keystone Architectural Metals', 'Summit Window Fashions',
] as const;

const NOTES = [
  'Call before arriving; gate code at the front office.', 'Tile not finished until next week.', 'Customer wants brushed nickel to match faucets.',
  'Verify wall blocking before install.', 'Second floor, no elevator.', 'Measure after drywall texture.', 'Owner on site Tuesdays only.',
  'Use the service entrance on the north side.', 'Bring the small ladder.', 'Match existing mirror clips.', '',
] as const;
const TIME_NOTES = ['Install', 'Measure', 'Shop fabrication', 'Delivery', 'Punch list', 'Travel', 'Glass pickup', 'Warranty call', 'Load truck', ''] as const;

// ---------- dates ----------

const DAY = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayStart = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

// ---------- inserting ----------

/** PostgreSQL binds at most 65535 parameters per statement. */
const MAX_PARAMS = 60_000;
const MAX_ROWS = 1_000;

/**
 * Multi-row `INSERT … VALUES (…), (…)` in batches; `ids` collects the new ids in insertion order
 * when asked. The statement is built here from the Drizzle table's own column list (so only real
 * columns, quoted) rather than with `db.orm.insert(t).values(rows)`: Drizzle's builder costs about
 * 250 µs per row (75 s of pure CPU for 300k job products), the plain builder under 10 µs.
 * A key missing from a row is written as DEFAULT; jsonb values are serialised here.
 */
class Inserter {
  private rows: Row[] = [];
  readonly ids: number[] = [];
  count = 0;
  private readonly batch: number;
  private readonly columns: Map<string, { name: string; json: boolean }>;
  private readonly tableName: string;
  constructor(
    private readonly db: Db,
    table: string,
    columns: number,
    private readonly keepIds: boolean,
  ) {
    this.batch = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / Math.max(1, columns))));
    const t = tableFor(table);
    this.tableName = getTableName(t);
    this.columns = new Map(
      (Object.entries(getTableColumns(t)) as [string, PgColumn][]).map(([key, col]) => [key, { name: col.name, json: col.columnType === 'PgJsonb' || col.columnType === 'PgJson' }]),
    );
  }
  async push(row: Row): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= this.batch) await this.flush();
  }
  async flush(): Promise<void> {
    if (!this.rows.length) return;
    const rows = this.rows;
    this.rows = [];
    const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const cols = keys.map((k) => {
      const c = this.columns.get(k);
      if (!c) throw new Error(`${this.tableName} has no column ${k}`);
      return c;
    });
    if (rows.length * keys.length > MAX_PARAMS && rows.length > 1) {
      // More columns than declared: split so one statement stays under the parameter limit.
      const half = Math.ceil(rows.length / 2);
      this.rows = rows.slice(0, half);
      await this.flush();
      this.rows = rows.slice(half);
      return this.flush();
    }
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const r of rows) {
      const ph: string[] = [];
      for (const [i, k] of keys.entries()) {
        if (!(k in r)) {
          ph.push('DEFAULT');
          continue;
        }
        const v = r[k];
        params.push(v === undefined || v === null ? null : cols[i]!.json ? JSON.stringify(v) : v);
        ph.push(`$${params.length}`);
      }
      tuples.push(`(${ph.join(',')})`);
    }
    const sql = `INSERT INTO "${this.tableName}" (${cols.map((c) => `"${c.name}"`).join(',')}) VALUES ${tuples.join(',')}${this.keepIds ? ' RETURNING id' : ''}`;
    const out = await this.db.query<{ id: number }>(sql, params);
    if (this.keepIds) for (const r of out) this.ids.push(r.id);
    this.count += rows.length;
  }
}

/** Inserts the rows `produce` pushes, in one transaction; answers the ids in order when asked. */
async function load(
  db: Db,
  table: string,
  columns: number,
  produce: (push: (row: Row) => Promise<void>) => Promise<void>,
  opts: { ids?: boolean; log?: (msg: string) => void } = {},
): Promise<number[]> {
  const started = Date.now();
  let n = 0;
  const ids = await db.transaction(async (tx) => {
    const ins = new Inserter(tx, table, columns, Boolean(opts.ids));
    await produce((row) => ins.push(row));
    await ins.flush();
    n = ins.count;
    return ins.ids;
  });
  opts.log?.(`  ${table.padEnd(26)} ${String(n).padStart(8)} rows  ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ids;
}

// ---------- the generator ----------

export interface DemoUser {
  id: number;
  name: string;
  role: string;
}

export interface GenerateOptions {
  seed?: number;
  /** ISO date the data is centred on (jobs run up to ~2 months after it). Defaults to today. */
  today?: string;
  /** Users to attribute time, events and pickups to; when none are given a crew is created. */
  users?: DemoUser[];
  /** Progress lines (per table, with timing). */
  log?: (msg: string) => void;
}

export interface GenerateResult {
  counts: Record<string, number>;
  /** A few values useful to callers (the benchmark searches for them). */
  sample: { clientNames: string[]; jobNumbers: string[]; streets: string[]; jobIds: [number, number]; userIds: number[] };
  seconds: number;
}

export async function generateDemoData(db: Db, scale: DemoScale, opts: GenerateOptions = {}): Promise<GenerateResult> {
  const started = Date.now();
  const rng = new Rng(opts.seed ?? 20260142);
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const todayMs = dayStart(today);
  const log = opts.log;
  const counts: Record<string, number> = {};
  const L = { log };

  // ----- users (crew without a login, when the caller gives none) -----
  let users: DemoUser[] = opts.users ?? [];
  const crewNeeded = users.length < 4 ? scale.crew : Math.max(0, scale.crew - users.length);
  if (crewNeeded > 0) {
    const crew: DemoUser[] = [];
    const names = new Set(users.map((u) => u.name));
    const rows: Row[] = [];
    for (let i = 0; rows.length < crewNeeded; i++) {
      const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
      if (names.has(name) && i < crewNeeded * 20) continue;
      names.add(name);
      const role = rows.length % 5 === 0 ? 'supervisor' : 'employee';
      rows.push({
        name,
        // Unique per seed, so a second run into the same database does not collide.
        email: `crew${String(rows.length + 1).padStart(3, '0')}.${(opts.seed ?? 0).toString(36)}${rng.int(1000, 9999)}@crew.demo.test`,
        role,
        active: true,
        can_be_scheduled: true,
        number: `503555${String(rng.int(1000, 9999))}`,
      });
    }
    const ids = await load(db, 'users', 8, async (push) => {
      for (const r of rows) await push(r);
    }, { ids: true, ...L });
    rows.forEach((r, i) => crew.push({ id: ids[i]!, name: r.name as string, role: r.role as string }));
    users = [...users, ...crew];
    counts.users = rows.length;
  }
  const userName = new Map(users.map((u) => [u.id, u.name]));
  const foremen = users.filter((u) => u.role === 'supervisor' || u.role === 'manager');
  const foremanPool = foremen.length ? foremen : users;

  // ----- product categories, series, products -----
  const categoryIds = await load(db, 'product_categories', 9, async (push) => {
    for (const [i, c] of CATEGORIES.entries()) {
      await push({
        name: c.name, enable_cutlist: false, enable_dimensions: false, enable_measured: false, enable_ordered: false,
        enable_fabricated: false, enable_units: false, ...c.flags, product_selection_method: c.method, sort: i + 1,
      });
    }
  }, { ids: true, ...L });
  const categoryIdOf = new Map(CATEGORIES.map((c, i) => [c.name, categoryIds[i]!]));

  interface SeriesInfo { id: number; name: string; cat: CategorySeed; catId: number; items: readonly string[] }
  const seriesList: { name: string; cat: CategorySeed; special: boolean; items: readonly string[]; sort: number }[] = [];
  for (const c of CATEGORIES) c.series.forEach((s, i) => seriesList.push({ name: s.name, cat: c, special: Boolean(s.special), items: s.items, sort: i + 1 }));
  const seriesIds = await load(db, 'series', 12, async (push) => {
    for (const s of seriesList) {
      await push({
        name: s.name, category_id: categoryIdOf.get(s.cat.name), use_category_settings: true, enable_cutlist: false,
        enable_dimensions: false, enable_measured: false, enable_ordered: false, enable_fabricated: false, enable_units: false,
        special_order: s.special, sort: s.sort,
      });
    }
  }, { ids: true, ...L });
  const series: SeriesInfo[] = seriesList.map((s, i) => ({ id: seriesIds[i]!, name: s.name, cat: s.cat, catId: categoryIdOf.get(s.cat.name)!, items: s.items }));

  interface ProductInfo { id: number; name: string; seriesId: number; cat: CategorySeed; catId: number; cost: number; revenue: number; unit: string }
  const productRows: (Omit<ProductInfo, 'id'> & { number: string; description: string })[] = [];
  {
    const perSeries = Math.max(1, Math.ceil(scale.products / series.length));
    const numbers = new Set<string>();
    for (const s of series) {
      for (let k = 0; k < perSeries && productRows.length < scale.products; k++) {
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
        productRows.push({
          name, number, seriesId: s.id, cat: s.cat, catId: s.catId, cost, revenue: Math.round(cost * rng.money(1.6, 2.3) * 100) / 100,
          unit: s.cat.unit, description: `${s.name}: ${name}`,
        });
      }
    }
  }
  const seriesName = new Map(series.map((s) => [s.id, s.name]));
  const productIds = await load(db, 'products', 12, async (push) => {
    for (const p of productRows) {
      await push({
        number: p.number, name: p.name, description: p.description, unit: p.unit, series_id: p.seriesId, category_id: p.catId,
        series_name: seriesName.get(p.seriesId), cost_per_unit: p.cost, revenue_per_unit: p.revenue, non_inventory: rng.chance(0.1), is_assembly: false,
      });
    }
  }, { ids: true, ...L });
  const products: ProductInfo[] = productRows.map((p, i) => ({ ...p, id: productIds[i]! }));
  const productsByCat = new Map<string, ProductInfo[]>();
  for (const p of products) productsByCat.set(p.cat.name, [...(productsByCat.get(p.cat.name) ?? []), p]);
  counts.product_categories = categoryIds.length;
  counts.series = seriesIds.length;
  counts.products = products.length;

  // ----- client types and clients -----
  const clientTypeIds = await load(db, 'client_types', 2, async (push) => {
    for (const name of CLIENT_TYPES) await push({ name, product_category_list: rng.sample(categoryIds, rng.int(2, categoryIds.length)).sort((a, b) => a - b) });
  }, { ids: true, ...L });
  const clientNames: string[] = [];
  {
    const seen = new Set<string>();
    for (let i = 0; clientNames.length < scale.clients; i++) {
      let name = `${rng.pick(CLIENT_PREFIXES)} ${rng.pick(CLIENT_SUFFIXES)}`;
      if (seen.has(name)) {
        if (i < scale.clients * 3) continue;
        name = `${name} ${['II', 'NW', 'of Oregon', 'of Washington', 'Inc.', 'LLC'][i % 6]}${i > scale.clients * 4 ? ` ${i}` : ''}`;
        if (seen.has(name)) continue;
      }
      seen.add(name);
      clientNames.push(name);
    }
  }
  const clientIds = await load(db, 'clients', 5, async (push) => {
    for (const name of clientNames) {
      await push({ name, client_type_id: rng.pick(clientTypeIds), note: rng.chance(0.3) ? rng.pick(NOTES) : null, color: rng.pick(CLIENT_COLORS), active: rng.chance(0.92) });
    }
  }, { ids: true, ...L });
  counts.client_types = clientTypeIds.length;
  counts.clients = clientIds.length;
  // A few big clients get most of the work (as in real life).
  const clientWeight = clientIds.map((_, i) => 1 / (1 + i * 0.05));
  const cumulative: number[] = [];
  clientWeight.reduce((acc, w, i) => (cumulative[i] = acc + w), 0);
  const totalWeight = cumulative.at(-1) ?? 1;
  const pickClient = (): number => {
    const x = rng.next() * totalWeight;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  // ----- material categories, materials, vendors, vendor materials -----
  const materialCategoryIds = await load(db, 'material_categories', 1, async (push) => {
    for (const c of MATERIAL_CATEGORIES) await push({ name: c.name });
  }, { ids: true, ...L });
  interface MaterialInfo { id: number; number: string; description: string; price: number; startQty: number }
  const materialRows: Omit<MaterialInfo, 'id'>[] = [];
  const materialCat: number[] = [];
  {
    for (let i = 0; i < scale.materials; i++) {
      const ci = i % MATERIAL_CATEGORIES.length;
      const c = MATERIAL_CATEGORIES[ci]!;
      const item = rng.pick(c.items);
      const size = c.sizes ? `${rng.pick(c.sizes)} ${rng.pick(['48x84', '60x96', '72x96', '96x130'])}` : rng.pick(MATERIAL_SIZES);
      const finish = c.name === 'Hardware' || c.name === 'Aluminum Extrusions' ? ` ${rng.pick(FINISHES)}` : '';
      materialRows.push({
        number: `${c.code}-${String(Math.floor(i / MATERIAL_CATEGORIES.length) + 1).padStart(5, '0')}`,
        description: c.sizes ? `${size.split(' ')[0]} ${item} ${size.split(' ')[1]}` : `${size} ${item}${finish}`,
        price: rng.money(c.price[0], c.price[1]),
        startQty: rng.int(0, 200),
      });
      materialCat.push(ci);
    }
  }
  // Reorder point and economic order qty per material: the stock movements below follow them.
  const reorderQty: number[] = [];
  const economicQty: number[] = [];
  const materialIds = await load(db, 'materials', 9, async (push) => {
    for (const [i, m] of materialRows.entries()) {
      const ci = materialCat[i]!;
      reorderQty[i] = rng.int(0, 20);
      economicQty[i] = rng.pick([0, 5, 10, 25, 50]);
      await push({
        material_category_id: materialCategoryIds[ci], material_category_name: MATERIAL_CATEGORIES[ci]!.name, number: m.number,
        description: m.description, reorder_qty: reorderQty[i], economic_order_qty: economicQty[i],
        starting_qty: m.startQty, starting_price: m.price, active: rng.chance(0.95),
      });
    }
  }, { ids: true, ...L });
  const materials: MaterialInfo[] = materialRows.map((m, i) => ({ ...m, id: materialIds[i]! }));
  counts.material_categories = materialCategoryIds.length;
  counts.materials = materials.length;

  const vendorRows: Row[] = [];
  for (let i = 0; i < scale.vendors; i++) {
    const base = VENDOR_NAMES[i % VENDOR_NAMES.length]!;
    const name = i < VENDOR_NAMES.length ? base : `${base} ${['North', 'South', 'East', 'West', 'Central'][Math.floor(i / VENDOR_NAMES.length - 1) % 5]}${i >= VENDOR_NAMES.length * 6 ? ` ${i}` : ''}`;
    const contact = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    const domain = base.toLowerCase().replace(/[^a-z]+/g, '').slice(0, 20);
    vendorRows.push({ name, contact_name: contact, email: `${contact.split(' ')[0]!.toLowerCase()}@${domain}.example`, phone: `503${rng.int(2000000, 9999999)}`, active: rng.chance(0.9) });
  }
  const vendorIds = await load(db, 'vendors', 5, async (push) => {
    for (const v of vendorRows) await push(v);
  }, { ids: true, ...L });
  counts.vendors = vendorIds.length;

  interface VendorMaterialInfo { id: number; vendorId: number; materialIdx: number; part: string; unitPrice: number; minQty: number }
  const vmRows: Omit<VendorMaterialInfo, 'id'>[] = [];
  if (vendorIds.length) {
    for (let mi = 0; mi < materials.length; mi++) {
      const n = rng.chance(0.5) ? 2 : 1;
      const vendors = rng.sample(vendorIds, Math.min(n, vendorIds.length));
      for (const vendorId of vendors) {
        vmRows.push({
          vendorId, materialIdx: mi, part: `${materials[mi]!.number.replace('-', '')}-${rng.int(10, 99)}`,
          unitPrice: Math.round(materials[mi]!.price * rng.money(0.85, 1.15) * 100) / 100, minQty: rng.pick([1, 1, 1, 5, 10, 25]),
        });
      }
    }
  }
  const vmIds = await load(db, 'vendor_materials', 7, async (push) => {
    let lastMaterial = -1;
    for (const v of vmRows) {
      const first = v.materialIdx !== lastMaterial;
      lastMaterial = v.materialIdx;
      await push({
        material_id: materials[v.materialIdx]!.id, vendor_id: v.vendorId, vendor_part_number: v.part, minimum_order_qty: v.minQty,
        unit_price: v.unitPrice, is_preferred: first, active: true,
      });
    }
  }, { ids: true, ...L });
  const vendorMaterials: VendorMaterialInfo[] = vmRows.map((v, i) => ({ ...v, id: vmIds[i]! }));
  counts.vendor_materials = vendorMaterials.length;

  // ----- jobs -----
  // Dates: spread over enough years that the per-year number (YY-NNNN) stays within 4 digits,
  // ending two months after `today` (scheduled work).
  const years = Math.max(1, Math.ceil(scale.jobs / 9_000));
  const spanDays = Math.min(years * 365, Math.max(120, Math.ceil(scale.jobs * 3)));
  const lastStart = todayMs + 60 * DAY;
  const firstStart = lastStart - spanDays * DAY;
  const starts: number[] = [];
  for (let i = 0; i < scale.jobs; i++) starts.push(firstStart + Math.floor(rng.next() * spanDays) * DAY);
  starts.sort((a, b) => a - b);

  const burdenRate = DEMO_BURDEN_RATE;
  interface JobInfo { clientIdx: number; number: string; start: number; end: number; scopes: (typeof SCOPES)[number][] }
  const jobInfos: JobInfo[] = [];
  const perYear = new Map<number, number>();
  const jobRows: Row[] = [];
  for (let i = 0; i < scale.jobs; i++) {
    const start = starts[i]!;
    const yy = new Date(start).getUTCFullYear() % 100;
    const seq = (perYear.get(yy) ?? 0) + 1;
    perYear.set(yy, seq);
    const number = `${String(yy).padStart(2, '0')}-${String(seq).padStart(4, '0')}`;
    const clientIdx = pickClient();
    const scopes = rng.sample(SCOPES, rng.chance(0.5) ? 1 : rng.int(2, 4)).sort((a, b) => SCOPES.indexOf(a) - SCOPES.indexOf(b));
    const end = start + rng.int(1, 45) * DAY;
    const city = rng.pick(CITIES);
    const unit = rng.chance(0.25) ? ` Suite ${rng.int(100, 950)}` : rng.chance(0.15) ? ` Unit ${rng.int(1, 60)}` : '';
    const address = `${rng.int(100, 19999)} ${rng.chance(0.4) ? rng.pick(['NE', 'SE', 'NW', 'SW', 'N']) + ' ' : ''}${rng.pick(STREETS)} ${rng.pick(STREET_TYPES)}${unit}, ${city[0]}, ${city[1]} ${city[2]}${String(rng.int(1, 99)).padStart(2, '0')}`;
    const name = rng.chance(0.35) ? `${rng.pick(PROJECT_NAMES)} - ${rng.pick(JOB_KINDS)}` : rng.pick(JOB_KINDS);
    const past = end < todayMs - 30 * DAY;
    const complete: Record<string, boolean> = {};
    for (const s of SCOPES) complete[`${s.toLowerCase().replace(/ /g, '_')}_complete`] = scopes.includes(s) && (past ? rng.chance(0.97) : end < todayMs ? rng.chance(0.5) : false);
    // Entered 3 to 40 days before it starts, but never after `today` (a job scheduled months ahead
    // was entered in the last month).
    const entered = start - rng.int(3, 40) * DAY;
    const row: Row = {
      client_id: clientIds[clientIdx], client_name: clientNames[clientIdx], number, name, address,
      start_date: isoDate(start), end_date: isoDate(end), active: past ? rng.chance(0.05) : true, burden_rate: burdenRate,
      foreman_id: foremanPool.length ? rng.pick(foremanPool).id : null, trip_charge: rng.chance(0.3) ? rng.pick([45, 65, 85, 125]) : 0,
      additional_costs: rng.chance(0.2) ? rng.money(20, 600) : 0, additional_revenues: rng.chance(0.15) ? rng.money(50, 900) : 0,
      invoice_amount: null, scope_array: scopes, ...complete, is_template: false,
      created_at: new Date(entered < todayMs ? entered : todayMs - rng.int(1, 30) * DAY).toISOString(),
    };
    row.is_complete = isJobComplete(row);
    row.updated_at = new Date(Math.min(todayMs, end + rng.int(0, 20) * DAY)).toISOString();
    jobRows.push(row);
    jobInfos.push({ clientIdx, number, start, end, scopes });
  }
  // Job product counts: at least one per job, the rest spread at random (≤ 10 per job).
  const productCount = new Uint8Array(scale.jobs).fill(scale.jobs ? 1 : 0);
  for (let left = Math.max(0, scale.jobProducts - scale.jobs), guard = 0; left > 0 && guard < scale.jobProducts * 4; guard++) {
    const j = Math.floor(rng.next() * scale.jobs);
    if (productCount[j]! < 10) {
      productCount[j]!++;
      left--;
    }
  }
  // Revenue per job for the invoice amount: filled after products are drawn (below) for past jobs.
  interface LineDraft { product: ProductInfo; qty: number; measured: boolean; ordered: boolean; fabricated: boolean; w: number | null; h: number | null }
  const lines: LineDraft[][] = [];
  for (let j = 0; j < scale.jobs; j++) {
    const info = jobInfos[j]!;
    const out: LineDraft[] = [];
    const past = info.end < todayMs;
    for (let k = 0; k < productCount[j]!; k++) {
      const scope = info.scopes[k % info.scopes.length]!;
      const pool = productsByCat.get(scope) ?? products;
      const product = rng.pick(pool);
      const glass = scope === 'Mirrors' || scope === 'Shower Glass';
      const qty = product.unit === 'sq ft' ? rng.int(6, 60) : product.unit === 'lin ft' ? rng.int(4, 40) : rng.int(1, 8);
      out.push({
        product, qty, measured: past || rng.chance(0.5), ordered: past || rng.chance(0.4), fabricated: past || rng.chance(0.3),
        w: glass ? rng.int(18, 72) + rng.pick([0, 0.25, 0.5, 0.75]) : null, h: glass ? rng.int(24, 96) + rng.pick([0, 0.25, 0.5, 0.75]) : null,
      });
    }
    lines.push(out);
    if (past) jobRows[j]!.invoice_amount = Math.round(out.reduce((s, l) => s + l.qty * l.product.revenue, 0) * 100) / 100;
  }
  const jobIds = await load(db, 'jobs', 28, async (push) => {
    for (const r of jobRows) await push(r);
  }, { ids: true, ...L });
  counts.jobs = jobIds.length;
  jobRows.length = 0;

  // ----- job templates -----
  if (scale.templates > 0) {
    const templateNames = ['Standard Bath Package', 'Apartment Turnover', 'Closet Package', 'Model Home Package', 'Gym Mirrors', 'Shower Door Only'];
    const templateIds = await load(db, 'jobs', 28, async (push) => {
      for (let i = 0; i < scale.templates; i++) {
        await push({ name: templateNames[i % templateNames.length], is_template: true, active: true, scope_array: rng.sample(SCOPES, 2), burden_rate: burdenRate });
      }
    }, { ids: true, ...L });
    await load(db, 'job_products', 18, async (push) => {
      for (const id of templateIds) {
        for (let k = 0; k < 3; k++) {
          const p = rng.pick(products);
          await push({ job_id: id, product_id: p.id, series_id: p.seriesId, name: p.name, qty: 1, default_cost_per_unit: p.cost, default_revenue_per_unit: p.revenue, cost: p.cost, revenue: p.revenue, sort: k, cut_list_json: [] });
        }
      }
    }, L);
    counts.job_templates = templateIds.length;
  }

  // ----- job products -----
  await load(db, 'job_products', 18, async (push) => {
    for (let j = 0; j < jobIds.length; j++) {
      const info = jobInfos[j]!;
      for (const [k, l] of lines[j]!.entries()) {
        const p = l.product;
        await push({
          job_id: jobIds[j], product_id: p.id, series_id: p.seriesId, name: p.name, note: rng.chance(0.1) ? rng.pick(NOTES) || null : null, qty: l.qty,
          cost: Math.round(p.cost * l.qty * 100) / 100, revenue: Math.round(p.revenue * l.qty * 100) / 100,
          default_cost_per_unit: p.cost, default_revenue_per_unit: p.revenue, glass_width: l.w, glass_height: l.h,
          measure_date: l.measured ? isoDate(info.start - rng.int(1, 14) * DAY) : null, cut_list_json: [],
          is_fabricated: l.fabricated, is_measured: l.measured, is_ordered: l.ordered, sort: k,
        });
      }
    }
  }, L);
  counts.job_products = lines.reduce((s, l) => s + l.length, 0);
  lines.length = 0;

  // ----- events (the schedule) -----
  const eventCount = Math.round(scale.jobs * scale.eventsPerJob);
  await load(db, 'events', 4, async (push) => {
    for (let e = 0; e < eventCount; e++) {
      const j = Math.floor(rng.next() * jobIds.length);
      const info = jobInfos[j]!;
      const day = info.start + Math.floor(rng.next() * Math.max(1, (info.end - info.start) / DAY + 1)) * DAY;
      await push({ job_id: jobIds[j], date: isoDate(day), color: CLIENT_COLORS[info.clientIdx % CLIENT_COLORS.length], user_id: foremanPool.length ? rng.pick(foremanPool).id : null });
    }
  }, L);
  counts.events = eventCount;

  // ----- time entries -----
  const workers = users.length ? users : [];
  if (workers.length) {
    await load(db, 'time_entries', 7, async (push) => {
      for (let e = 0; e < scale.timeEntries; e++) {
        // Time is booked on jobs up to today, most of it on recent work.
        let j = Math.floor(Math.pow(rng.next(), 0.5) * jobIds.length);
        while (j > 0 && jobInfos[j]!.start > todayMs) j = Math.floor(rng.next() * j);
        const info = jobInfos[j]!;
        const day = Math.min(todayMs, info.start + Math.floor(rng.next() * Math.max(1, (info.end - info.start) / DAY + 1)) * DAY);
        const u = rng.pick(workers);
        await push({
          user_id: u.id, user_name: userName.get(u.id), job_id: rng.chance(0.95) ? jobIds[j] : null, hours: rng.int(2, 40) / 4,
          note: rng.pick(TIME_NOTES) || null, date: isoDate(day), oregon: rng.chance(0.8),
        });
      }
    }, L);
    counts.time_entries = scale.timeEntries;
  }

  // ----- pickup items -----
  await load(db, 'pickup_items', 8, async (push) => {
    for (let e = 0; e < scale.pickupItems; e++) {
      // Pickups are about current and recent jobs.
      const j = jobIds.length - 1 - Math.floor(Math.pow(rng.next(), 3) * jobIds.length);
      const info = jobInfos[j]!;
      const scope = rng.pick(info.scopes);
      const status = rng.pick(PICKUP_STATUSES);
      await push({
        job_id: jobIds[j], user_id: workers.length ? rng.pick(workers).id : null, category_name: scope, category_id: categoryIdOf.get(scope),
        complete: info.end < todayMs - 14 * DAY ? true : rng.chance(0.2), reason: rng.pick(PICKUP_REASONS), note: rng.pick(NOTES) || null, status,
      });
    }
  }, L);
  counts.pickup_items = scale.pickupItems;

  // ----- notes, PDFs and photos, mostly on recent jobs -----
  Object.assign(counts, await seedAttachments(db, rng, scale, jobIds, jobInfos.map((j) => j.start), todayMs, workers, L));

  // ----- estimates and their items -----
  const estimateDrafts: { clientIdx: number; jobIdx: number | null; date: number; status: string; items: number }[] = [];
  for (let e = 0; e < scale.estimates; e++) {
    const date = todayMs - Math.floor(Math.pow(rng.next(), 2) * Math.min(spanDays, 3 * 365)) * DAY;
    const status = date > todayMs - 21 * DAY ? rng.pick(['draft', 'open', 'open']) : rng.pick(['won', 'lost', 'lost', 'open']);
    // Won estimates became jobs: link one of the jobs that started after the estimate.
    let jobIdx: number | null = null;
    if (status === 'won' && jobInfos.length) {
      const lo = lowerBound(jobInfos, date);
      if (lo < jobInfos.length) jobIdx = Math.min(jobInfos.length - 1, lo + rng.int(0, 30));
    }
    estimateDrafts.push({ clientIdx: jobIdx !== null ? jobInfos[jobIdx]!.clientIdx : pickClient(), jobIdx, date, status, items: Math.max(1, Math.round(scale.estimateItems + (rng.next() - 0.5) * 4)) });
  }
  const estimateIds = await load(db, 'estimates', 14, async (push) => {
    for (const d of estimateDrafts) {
      const job = d.jobIdx !== null ? jobInfos[d.jobIdx]! : null;
      const contact = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
      const city = rng.pick(CITIES);
      await push({
        client_id: clientIds[d.clientIdx], name: `${rng.chance(0.4) ? rng.pick(PROJECT_NAMES) + ' - ' : ''}${rng.pick(JOB_KINDS)}`,
        job_number: job?.number ?? null, job_address: `${rng.int(100, 19999)} ${rng.pick(STREETS)} ${rng.pick(STREET_TYPES)}, ${city[0]}, ${city[1]}`,
        contact_name: contact, contact_email: `${contact.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
        details: rng.chance(0.5) ? 'Pricing good for 30 days. Excludes permits and after-hours work.' : null,
        date: isoDate(d.date), job_id: d.jobIdx !== null ? jobIds[d.jobIdx] : null,
        job_start_date: job ? isoDate(job.start) : null, job_end_date: job ? isoDate(job.end) : null, status: d.status,
        type: rng.chance(0.6) ? 'commercial' : 'residential', product_category_list: rng.sample(categoryIds, rng.int(1, 3)).sort((a, b) => a - b),
      });
    }
  }, { ids: true, ...L });
  counts.estimates = estimateIds.length;
  let itemCount = 0;
  await load(db, 'estimate_items', 10, async (push) => {
    for (const [e, d] of estimateDrafts.entries()) {
      for (let k = 0; k < d.items; k++) {
        const p = rng.pick(products);
        const alt = rng.chance(0.15) ? rng.pick(products) : null;
        const qty = rng.int(1, 12);
        await push({
          estimate_id: estimateIds[e], product_id: p.id, alternate_product_id: alt?.id ?? null, qty,
          amount: Math.round(p.revenue * qty * 100) / 100, cost: Math.round(p.cost * qty * 100) / 100,
          alternate_amount: alt ? Math.round(alt.revenue * qty * 100) / 100 : null, alternate_cost: alt ? Math.round(alt.cost * qty * 100) / 100 : null,
          description: p.name, alternate_description: alt?.name ?? null, sort: k,
        });
        itemCount++;
      }
    }
  }, L);
  counts.estimate_items = itemCount;

  // ----- purchase orders and their lines -----
  const poDrafts: { vendorId: number; number: number; sent: number | null; received: number | null }[] = [];
  // Numbers are unique: continue after any purchase order already in the database.
  const [maxPo] = await db.query<{ n: number | null }>('SELECT max(number) AS n FROM purchase_orders');
  const firstPo = Math.max(1000, Number(maxPo?.n ?? 0)) + 1;
  for (let i = 0; i < scale.purchaseOrders && vendorIds.length; i++) {
    const created = todayMs - Math.floor((1 - i / Math.max(1, scale.purchaseOrders)) * Math.min(spanDays, 4 * 365)) * DAY;
    const age = (todayMs - created) / DAY;
    const sent = age > 3 || rng.chance(0.5) ? created + rng.int(0, 2) * DAY : null;
    const received = sent !== null && (age > 30 || rng.chance(0.3)) ? sent + rng.int(2, 20) * DAY : null;
    // The newest orders show every state: the last two drafts, the three before them open.
    const left = scale.purchaseOrders - i;
    const state = left <= 2 ? 'draft' : left <= 5 ? 'open' : null;
    poDrafts.push({
      vendorId: rng.pick(vendorIds), number: firstPo + i,
      sent: state === 'draft' ? null : state === 'open' ? (sent ?? created) : sent,
      received: state !== null || received === null || received > todayMs ? null : received,
    });
  }
  const poIds = await load(db, 'purchase_orders', 6, async (push) => {
    for (const d of poDrafts) {
      await push({
        number: d.number, vendor_id: d.vendorId, sent_at: d.sent !== null ? new Date(d.sent + 9 * 3600_000).toISOString() : null,
        received_at: d.received !== null ? new Date(d.received + 14 * 3600_000).toISOString() : null, note: rng.chance(0.2) ? 'Deliver to shop, dock door 2.' : null,
      });
    }
  }, { ids: true, ...L });
  counts.purchase_orders = poIds.length;
  const vmByVendor = new Map<number, VendorMaterialInfo[]>();
  for (const v of vendorMaterials) vmByVendor.set(v.vendorId, [...(vmByVendor.get(v.vendorId) ?? []), v]);
  const poLineRows: Row[] = [];
  // Lines: a received order's lines are all received; an open order now and then has a split line
  // (part received, the rest backordered, as the Split dialog leaves it); drafts are ordered.
  // Every received line has its receipt (qty at the line's unit price, on the day the goods came),
  // as receiving through the app writes it, so on hand and the stock history agree.
  const poLines: { materialId: number; qty: number; price: number; status: string; received: number | null; number: number }[] = [];
  for (const [i, d] of poDrafts.entries()) {
    const pool = vmByVendor.get(d.vendorId) ?? [];
    if (!pool.length) continue;
    const n = Math.max(1, Math.round(scale.poLines + (rng.next() - 0.5) * 4));
    // The newest open order always shows one (the rng is drawn as before, so the rest stays the same).
    const newestOpen = i === scale.purchaseOrders - 3;
    const split = d.sent !== null && d.received === null && (rng.chance(0.4) || newestOpen);
    for (const [k, vm] of rng.sample(pool, Math.min(n, pool.length)).entries()) {
      const m = materials[vm.materialIdx]!;
      const qty = Math.max(vm.minQty, rng.int(1, 40), split && k === 0 ? 2 : 1); // a split line needs 2 to divide
      const base = { purchase_order_id: poIds[i], material_id: m.id, vendor_material_id: vm.id, material_number: m.number, material_description: m.description, purchase_order_number: d.number, vendor_part_number: vm.part };
      const lineOf = (q: number, status: string, received: number | null) => {
        poLines.push({ materialId: m.id, qty: q, price: Math.round(q * vm.unitPrice * 100) / 100, status, received, number: d.number });
        return { ...base, qty: q, price: Math.round(q * vm.unitPrice * 100) / 100, status };
      };
      if (split && k === 0) {
        const got = rng.int(1, qty - 1);
        poLineRows.push(lineOf(got, 'received', d.sent! + rng.int(1, 3) * DAY), lineOf(qty - got, 'backordered', null));
      } else {
        poLineRows.push(lineOf(qty, d.received !== null ? 'received' : 'ordered', d.received));
      }
    }
  }
  const poLineIds = await load(db, 'purchase_order_materials', 10, async (push) => {
    for (const row of poLineRows) await push(row);
  }, { ids: true, ...L });
  const lineCount = poLineIds.length;
  await load(db, 'material_transactions', 7, async (push) => {
    for (const [i, l] of poLines.entries()) {
      if (l.status !== 'received' || l.received === null) continue;
      await push({
        material_id: l.materialId, type: 'receipt', qty: l.qty, price: Math.round((l.price / (l.qty || 1)) * 100) / 100,
        date: isoDate(Math.min(l.received, todayMs)), purchase_order_material_id: poLineIds[i], note: `PO ${l.number}: received`,
      });
    }
  }, L);
  counts.purchase_order_materials = lineCount;

  // ----- what products are made of, and stock movements -----
  // Materials by their category's name, to pick believable ones for each kind of product.
  const materialsOf = new Map<string, MaterialInfo[]>();
  materials.forEach((m, i) => {
    const name = MATERIAL_CATEGORIES[materialCat[i]!]!.name;
    materialsOf.set(name, [...(materialsOf.get(name) ?? []), m]);
  });
  const pickOf = (category: string, match?: RegExp) => {
    const pool = materialsOf.get(category) ?? [];
    const fit = match ? pool.filter((m) => match.test(m.description)) : [];
    return fit.length ? rng.pick(fit) : pool.length ? rng.pick(pool) : undefined;
  };
  // Shower glass products are assemblies (glass, hinges or rollers, clips, channel, silicone); the
  // other inventory products name their one material.
  const SINGLE_MATERIAL: Record<string, string> = { Mirrors: 'Mirror Stock', Shelving: 'Shelving Components', Hardware: 'Hardware', 'Window Coverings': 'Window Covering Parts' };
  const assemblyIds: number[] = [];
  let productMaterialCount = 0;
  await load(db, 'product_materials', 3, async (push) => {
    for (const p of products) {
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
  }, L);
  await db.transaction(async (tx) => {
    for (let i = 0; i < assemblyIds.length; i += MAX_ROWS) {
      await tx.query('UPDATE products SET is_assembly = true WHERE id = ANY($1::int[])', [assemblyIds.slice(i, i + MAX_ROWS)]);
    }
    const single = products.flatMap((p) => {
      const m = SINGLE_MATERIAL[p.cat.name] ? pickOf(SINGLE_MATERIAL[p.cat.name]!) : undefined;
      return m ? [[p.id, m.id] as const] : [];
    });
    for (let i = 0; i < single.length; i += MAX_ROWS) {
      const chunk = single.slice(i, i + MAX_ROWS);
      await tx.query(
        'UPDATE products p SET material_id = v.m FROM unnest($1::int[], $2::int[]) AS v(p, m) WHERE p.id = v.p AND NOT p.non_inventory',
        [chunk.map((c) => c[0]), chunk.map((c) => c[1])],
      );
    }
  });
  counts.product_materials = productMaterialCount;

  // Per material, in date order over the last two years: pulls for jobs (never below zero), now
  // and then a count (the shelf differs a little from the book) or an adjustment with its reason,
  // and receipts as a shop restocks: when stock falls under the reorder point (or 5 without one)
  // an order goes out and arrives with the next movement, at about the vendor's price. So at the
  // end a few percent of the materials wait for stock (below their reorder qty): the shortfall
  // suggested orders exist for.
  let transactionCount = 0;
  const perMaterial = materials.length ? scale.materialTransactions / materials.length : 0;
  const ADJUSTMENT_NOTES = ['Broken in the shop', 'Damaged on delivery', 'Found on the truck', 'Returned from job', 'Scrapped: scratched'] as const;
  await load(db, 'material_transactions', 6, async (push) => {
    for (const [i, m] of materials.entries()) {
      const n = Math.max(0, Math.round(perMaterial * rng.money(0.6, 1.4)));
      const reorderPoint = Math.max(reorderQty[i]!, 5);
      let onHand = m.startQty;
      /** A restock is under way: the next movement is its receipt. */
      let restocking = false;
      const days = Array.from({ length: n }, () => rng.int(0, 730)).sort((a, b) => b - a);
      for (const ago of days) {
        const date = isoDate(todayMs - ago * DAY);
        const roll = rng.next();
        if (restocking || onHand <= 0) {
          const qty = Math.max(economicQty[i]!, reorderQty[i]! * 2, rng.int(60, 200));
          onHand += qty;
          restocking = false;
          await push({ material_id: m.id, type: 'receipt', qty, price: Math.round(m.price * rng.money(0.9, 1.1) * 100) / 100, date, note: null });
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
  }, L);
  counts.material_transactions = transactionCount;

  // ----- boms: open ones (their lines are open demand) and pulled ones (with their pulls) -----
  const bomCount = Math.min(500, Math.max(6, Math.round(scale.purchaseOrders / 4)));
  const bomDrafts = Array.from({ length: materials.length && jobIds.length ? bomCount : 0 }, (_, i) => {
    const jobIdx = rng.int(0, jobIds.length - 1);
    const pulled = i % 2 === 0 ? todayMs - rng.int(1, 300) * DAY : null;
    const lines = rng.sample(materials, Math.min(materials.length, rng.int(2, 5))).map((m) => ({ m, qty: rng.int(1, 6) }));
    return { jobIdx, pulled, lines, name: `${jobInfos[jobIdx]?.number ?? 'Job'} materials` };
  });
  const bomIds = await load(db, 'boms', 3, async (push) => {
    for (const b of bomDrafts) await push({ name: b.name, job_id: jobIds[b.jobIdx], pulled_at: b.pulled !== null ? new Date(b.pulled + 10 * 3600_000).toISOString() : null });
  }, { ids: true, ...L });
  await load(db, 'bom_materials', 5, async (push) => {
    for (const [i, b] of bomDrafts.entries()) {
      for (const l of b.lines) await push({ bom_id: bomIds[i], material_id: l.m.id, material_number: l.m.number, material_description: l.m.description, qty: l.qty });
    }
  }, L);
  await load(db, 'material_transactions', 6, async (push) => {
    for (const [i, b] of bomDrafts.entries()) {
      if (b.pulled === null) continue;
      for (const l of b.lines) await push({ material_id: l.m.id, type: 'pull', qty: l.qty, date: isoDate(b.pulled), bom_id: bomIds[i], note: `Bom ${b.name}: pulled` });
    }
  }, L);
  counts.boms = bomIds.length;

  // Fresh statistics, so the planner knows the tables are big, and a vacuumed heap, so autovacuum
  // does not start on the new rows in the middle of whatever runs next (the benchmark).
  await db.query(db.inTransaction ? 'ANALYZE' : 'VACUUM ANALYZE');

  const jobNumbers = jobInfos.filter((_, i) => i % Math.max(1, Math.floor(jobInfos.length / 50)) === 0).map((j) => j.number);
  return {
    counts,
    sample: {
      clientNames: clientNames.slice(0, 40),
      jobNumbers,
      streets: [...STREETS],
      jobIds: [jobIds[0] ?? 0, jobIds.at(-1) ?? 0],
      userIds: users.map((u) => u.id),
    },
    seconds: (Date.now() - started) / 1000,
  };
}

/** First index whose job starts on or after `ms` (jobInfos is sorted by start). */
function lowerBound(jobs: readonly { start: number }[], ms: number): number {
  let lo = 0;
  let hi = jobs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (jobs[mid]!.start < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// ---------- notes, files and images ----------

const JOB_NOTES = [
  'Customer asked for a call 30 minutes before arrival.', 'Gate code 4821. Park on the street.', 'Measured twice; the east opening is out of square by 1/4".',
  'Tempered glass ordered, lead time 10 business days.', 'Existing mirror has to be removed and disposed of.', 'Bring the suction cups and the big ladder.',
];

/** A one-page PDF with a line of text (a drawing or a quote, as the demo pretends). */
function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A small "site photo": a wall colour with a window frame drawn on it. */
async function demoPhoto(wall: string, label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${wall}"/><rect x="220" y="110" width="360" height="300" fill="#bcd9ea" stroke="#f4f4f4" stroke-width="18"/><line x1="400" y1="110" x2="400" y2="410" stroke="#f4f4f4" stroke-width="12"/><rect y="480" width="800" height="120" fill="#8a7360"/><text x="30" y="560" font-family="sans-serif" font-size="36" fill="#fff">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * Notes, files and images at the scale's counts, each on a job drawn towards the recent ones. The rows are metadata: files and images name a few real blobs (a handful of PDFs
 * and photos, content-addressed, so many records share them), which keeps a 100k-job build fast.
 */
async function seedAttachments(
  db: Db,
  rng: Rng,
  scale: DemoScale,
  jobIds: number[],
  jobStarts: number[],
  todayMs: number,
  users: DemoUser[],
  opts: { log?: (msg: string) => void },
): Promise<Record<string, number>> {
  const started = Date.now();
  if (!jobIds.length) return { notes: 0, files: 0, images: 0 };
  const userId = () => (users.length ? rng.pick(users).id : null);
  // Density rising linearly from the oldest job to the newest (twice the mean), so a recent job
  // has a few of each, never hundreds.
  const recentJob = () => Math.min(jobIds.length - 1, Math.floor(Math.sqrt(rng.next()) * jobIds.length));
  // Added in the job's first three weeks, during working hours, but never on or after `today`: a
  // job that starts later (or started in the last days) has its paperwork from the days just before.
  const createdAt = (j: number) => {
    let day = jobStarts[j]! + rng.int(0, 20) * DAY;
    const hour = rng.int(7, 17) * 3600_000;
    if (day >= todayMs) day = todayMs - rng.int(1, 10) * DAY;
    return new Date(day + hour).toISOString();
  };
  const photos = await Promise.all(
    [['#d9c7a7', 'Kitchen'], ['#c9d3c0', 'Bath'], ['#d0c4d6', 'Lobby'], ['#e0d6c3', 'Office']].map(async ([wall, label]) => prepareImage(`${label}.jpg`, await demoPhoto(wall!, label!))),
  );
  const pdfs = await Promise.all(['Shop drawing', 'Quote', 'Site plan', 'Elevation'].map((t) => preparePdf(`${t.toLowerCase().replace(/ /g, '-')}.pdf`, demoPdf(t))));
  await db.transaction(async (tx) => {
    const putBlob = (b: BlobContent) =>
      tx.query(`INSERT INTO blobs (sha256, mime, size, data) VALUES ($1, $2, $3, decode($4, 'base64')) ON CONFLICT (sha256) DO NOTHING`, [b.sha256, b.mime, b.data.length, b.data.toString('base64')]);
    for (const p of photos) {
      await putBlob(p.main);
      await putBlob(p.thumb!);
    }
    for (const p of pdfs) await putBlob(p.main);
  });
  const L = { log: opts.log };
  await load(db, 'notes', 6, async (push) => {
    for (let i = 0; i < scale.notes; i++) {
      const j = recentJob();
      const at = createdAt(j);
      await push({ job_id: jobIds[j], user_id: userId(), internal_only: rng.chance(0.3), note: rng.pick(JOB_NOTES), date: at.slice(0, 10), created_at: at, updated_at: at });
    }
  }, L);
  await load(db, 'files', 8, async (push) => {
    for (let i = 0; i < scale.files; i++) {
      const j = recentJob();
      const at = createdAt(j);
      const pdf = rng.pick(pdfs);
      await push({ description: pdf.name.replace(/\.pdf$/, '').replace(/-/g, ' '), path: pdf.name, job_id: jobIds[j], user_id: userId(), size: pdf.main.data.length, sha256: pdf.main.sha256, created_at: at, updated_at: at });
    }
  }, L);
  // Drawn first, then put in time order and numbered per job as the Images dialog names them
  // (image-1, image-2, … on each job, in the order the job's Images tab shows them).
  const imageRows: Row[] = [];
  for (let i = 0; i < scale.images; i++) {
    const j = recentJob();
    const at = createdAt(j);
    const p = rng.pick(photos);
    imageRows.push({ job_id: jobIds[j], user_id: userId(), size: p.main.data.length, sha256: p.main.sha256, thumb_sha256: p.thumb!.sha256, created_at: at, updated_at: at });
  }
  imageRows.sort((a, b) => (a.created_at as string).localeCompare(b.created_at as string));
  const perJob = new Map<unknown, number>();
  for (const row of imageRows) {
    const n = (perJob.get(row.job_id) ?? 0) + 1;
    perJob.set(row.job_id, n);
    row.description = `image-${n}`;
  }
  await load(db, 'images', 8, async (push) => {
    for (const row of imageRows) await push(row);
  }, L);
  opts.log?.(`  ${'notes, files, images'.padEnd(26)} ${String(scale.notes + scale.files + scale.images).padStart(8)} rows  ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { notes: scale.notes, files: scale.files, images: scale.images };
}
