/**
 * How a record is headed in a list row (picker drop-down, lookup dialog), and the order that goes
 * with the heading, so rows read in the order they are headed (platform.md 2.7: a job shows its
 * number, or its name without one; a material its number with the description beneath).
 *
 *   const h = recordHeading('jobs');  h.primary(job); h.secondary?.(job); h.sort  // number, descending
 *
 * Every record is headed by its name (`recordName`, the resource's `naming`); resources without an
 * entry here have nothing beneath it and are sorted by their title field, ascending.
 */
import type { SortDirection } from '@glazier/shared/api';
import { recordName } from '@glazier/shared/resources/naming';
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import type { Rec } from './hooks.ts';

export interface RecordHeading {
  primary: (r: Rec) => string;
  secondary?: (r: Rec) => string;
  /** The order matching the heading; null when the resource cannot sort by it (server order). */
  sort: { column: string; direction: SortDirection } | null;
}

const str = (v: unknown) => (v == null ? '' : String(v));
const joined = (...parts: unknown[]) => parts.map(str).filter(Boolean).join(' · ');

const HEADINGS: Partial<Record<ResourceName, Omit<RecordHeading, 'primary'>>> = {
  // Numbers are newest-first, as in the job lookup; jobs without a number (headed by name) come last.
  jobs: {
    secondary: (r) => joined(r.number ? r.name : '', r.client_name, r.address),
    sort: { column: 'number', direction: 'desc' },
  },
  // Category templates of different clients often share a name ("Mirrors"): the client tells them apart.
  category_templates: { secondary: (r) => str(r.client_name), sort: { column: 'name', direction: 'asc' } },
  materials: { secondary: (r) => str(r.description), sort: { column: 'number', direction: 'desc' } },
  products: {
    secondary: (r) => joined(r.number ? r.name : '', r.series_name),
    sort: { column: 'number', direction: 'desc' },
  },
};

const headings = new Map<ResourceName, RecordHeading>();

/** The resource's heading (one object per resource, so callers may depend on it). */
export function recordHeading(resource: ResourceName): RecordHeading {
  let heading = headings.get(resource);
  if (!heading) {
    const def = RESOURCES[resource];
    const primary = (r: Rec) => recordName(def, r);
    const known = HEADINGS[resource];
    const sort = known ? known.sort : { column: def.titleField, direction: 'asc' as const };
    heading = { ...known, primary, sort: sort && def.sortable.includes(sort.column) ? sort : null };
    headings.set(resource, heading);
  }
  return heading;
}
