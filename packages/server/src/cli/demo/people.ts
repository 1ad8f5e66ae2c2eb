/** The people area of the demo: a crew without logins (when the caller brings too few users), client types and clients. */
import { CLIENT_COLORS } from '@glazier/shared/resources/people';
import { loadRows, load } from './load.ts';
import { lowerBound, type SeedContext } from './seed-context.ts';
import { NOTES, personName } from './vocabulary.ts';

const CLIENT_PREFIXES = [
  'Summit',
  'Cascade',
  'Pioneer',
  'Evergreen',
  'Ironwood',
  'Harbor',
  'Keystone',
  'Redwood',
  'Granite',
  'Silverline',
  'Northgate',
  'Blue Ridge',
  'Lakeside',
  'Meridian',
  'Cornerstone',
  'Riverbend',
  'Highland',
  'Bayview',
  'Timberline',
  'Westbrook',
  'Clearwater',
  'Stonegate',
  'Copper Creek',
  'Sierra',
  'Pacific Crest',
  'Oakmont',
  'Sunrise',
  'Crescent',
  'Falcon',
  'Heritage',
  'Liberty',
  'Mesa',
  'Prairie',
  'Sterling',
  'Tidewater',
  'Union',
  'Valley',
  'Willamette',
  'Alder',
  'Beacon',
  'Canyon',
  'Driftwood',
  'Eagle Point',
  'Foothill',
  'Glacier',
  'Horizon',
  'Juniper',
  'Kingston',
] as const;
const CLIENT_SUFFIXES = [
  'Construction',
  'Builders',
  'Homes',
  'General Contractors',
  'Development',
  'Construction Group',
  'Custom Homes',
  'Property Management',
  'Remodeling',
  'Design Build',
  'Contracting',
  'Renovations',
  'Residential',
  'Commercial Builders',
  'Glass & Mirror',
  'Interiors',
  'Realty Group',
  'Architects',
] as const;
const CLIENT_TYPES = ['General Contractor', 'Home Builder', 'Property Management', 'Homeowner', 'Architect', 'Designer'] as const;

export interface DemoUser {
  id: number;
  name: string;
  role: string;
}

export interface DemoCrew {
  /** Everyone time, events and pickups are attributed to: the caller's users, then the crew made here. */
  users: DemoUser[];
  /** Who leads jobs and is on the schedule: supervisors and managers (everyone when there are none). */
  foremen: DemoUser[];
  counts: { users?: number };
}

/** Crew members without a login, up to the scale's crew, when the caller gives fewer than four users. */
export async function seedCrew(ctx: SeedContext, given: { users: DemoUser[]; seed: number | undefined }): Promise<DemoCrew> {
  const { rng, scale } = ctx;
  let users = given.users;
  const counts: DemoCrew['counts'] = {};
  const crewNeeded = users.length < 4 ? scale.crew : Math.max(0, scale.crew - users.length);
  if (crewNeeded > 0) {
    const names = new Set(users.map((u) => u.name));
    const rows: { name: string; email: string; role: string; active: boolean; can_be_scheduled: boolean; number: string }[] = [];
    for (let i = 0; rows.length < crewNeeded; i++) {
      const name = personName(rng);
      if (names.has(name) && i < crewNeeded * 20) continue;
      names.add(name);
      rows.push({
        name,
        // Unique per seed, so a second run into the same database does not collide.
        email: `crew${String(rows.length + 1).padStart(3, '0')}.${(given.seed ?? 0).toString(36)}${rng.int(1000, 9999)}@crew.demo.test`,
        role: rows.length % 5 === 0 ? 'supervisor' : 'employee',
        active: true,
        can_be_scheduled: true,
        number: `503555${String(rng.int(1000, 9999))}`,
      });
    }
    const ids = await loadRows(ctx, 'users', 8, rows);
    users = [...users, ...rows.map((r, i) => ({ id: ids[i]!, name: r.name, role: r.role }))];
    counts.users = rows.length;
  }
  const foremen = users.filter((u) => u.role === 'supervisor' || u.role === 'manager');
  return { users, foremen: foremen.length ? foremen : users, counts };
}

export interface DemoClients {
  ids: number[];
  /** By the same index as `ids`. */
  names: string[];
  /** A client's index, a few big clients far more often than the rest (as in real life). */
  pickIndex: () => number;
  counts: { client_types: number; clients: number };
}

/** Client types (each with some of the product categories) and clients. */
export async function seedClients(ctx: SeedContext, catalogue: { categoryIds: number[] }): Promise<DemoClients> {
  const { rng, scale } = ctx;
  const { categoryIds } = catalogue;
  const clientTypeIds = await load(
    ctx,
    'client_types',
    2,
    async (push) => {
      for (const name of CLIENT_TYPES)
        await push({
          name,
          product_category_list: rng.sample(categoryIds, rng.int(2, categoryIds.length)).sort((a, b) => a - b),
          // a homeowner's estimates start as residential
          ...(name === 'Homeowner' ? { estimate_type: 'residential' } : {}),
        });
    },
    { ids: true },
  );
  const names: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; names.length < scale.clients; i++) {
    let name = `${rng.pick(CLIENT_PREFIXES)} ${rng.pick(CLIENT_SUFFIXES)}`;
    if (seen.has(name)) {
      if (i < scale.clients * 3) continue;
      name = `${name} ${['II', 'NW', 'of Oregon', 'of Washington', 'Inc.', 'LLC'][i % 6]}${i > scale.clients * 4 ? ` ${i}` : ''}`;
      if (seen.has(name)) continue;
    }
    seen.add(name);
    names.push(name);
  }
  const ids = await load(
    ctx,
    'clients',
    6,
    async (push) => {
      for (const name of names) {
        await push({
          name,
          // where its invoices and statements go (a name of its own, drawing nothing from the random stream)
          email: `accounts@${name
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, '')}.example`,
          client_type_id: rng.pick(clientTypeIds),
          note: rng.chance(0.3) ? rng.pick(NOTES) : null,
          color: rng.pick(CLIENT_COLORS),
          active: rng.chance(0.92),
        });
      }
    },
    { ids: true },
  );
  // Weights falling with the index, drawn by bisecting their running sum.
  const cumulative: number[] = [];
  ids.map((_, i) => 1 / (1 + i * 0.05)).reduce((acc, w, i) => (cumulative[i] = acc + w), 0);
  const totalWeight = cumulative.at(-1) ?? 1;
  const pickIndex = () => Math.max(0, Math.min(cumulative.length - 1, lowerBound(cumulative, rng.next() * totalWeight)));
  return { ids, names, pickIndex, counts: { client_types: clientTypeIds.length, clients: ids.length } };
}
