/**
 * How a record is headed in a list row (picker drop-down, lookup dialog), and the order that goes
 * with the heading, so rows read in the order they are headed (platform.md 2.7: a job shows its
 * number, or its name without one; a material its number with the description beneath).
 *
 *   const h = recordHeading('jobs');  h.primary(job); h.secondary?.(job); h.sort  // number, descending
 *
 * Resources without an entry are headed by their title field and sorted by it, ascending.
 */
import type { SortDirection } from '@glazier/shared/api';
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

const HEADINGS: Partial<Record<ResourceName, RecordHeading>> = {
  // Numbers are newest-first, as in the job lookup; jobs without a number (headed by name) come last.
  jobs: {
    primary: (r) => str(r.number) || str(r.name),
    secondary: (r) => joined(r.number ? r.name : '', r.client_name, r.address),
    sort: { column: 'number', direction: 'desc' },
  },
  // Category templates of different clients often share a name ("Mirrors"): the client tells them apart.
  category_templates: { primary: (r) => str(r.name), secondary: (r) => str(r.client_name), sort: { column: 'name', direction: 'asc' } },
  materials: { primary: (r) => str(r.number), secondary: (r) => str(r.description), sort: { column: 'number', direction: 'desc' } },
  products: {
    primary: (r) => str(r.number) || str(r.name),
    secondary: (r) => joined(r.number ? r.name : '', r.series_name),
    sort: { column: 'number', direction: 'desc' },
  },
};

export function recordHeading(resource: ResourceName): RecordHeading {
  const def = RESOURCES[resource];
  const known = HEADINGS[resource];
  if (known) return known.sort && !def.sortable.includes(known.sort.column) ? { ...known, sort: null } : known;
  const title = def.titleField;
  return {
    primary: (r) => str(r[title]),
    sort: def.sortable.includes(title) ? { column: title, direction: 'asc' } : null,
  };
}
