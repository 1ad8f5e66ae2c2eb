/**
 * How a record is headed in a list row (picker drop-down, lookup dialog), and the order that goes
 * with the heading, so rows read in the order they are headed (platform.md 2.7: a job shows its
 * number, or its name without one; a material its number with the description beneath).
 *
 *   const h = recordHeading('jobs');  h.primary(job); h.secondary?.(job); h.sort  // number, descending
 *
 * Every record is headed by its name (`recordName`, the resource's `naming`); what rows show beneath
 * it and their order are each area's (its feature's `heading`, registered at start-up by app/);
 * a resource without one has nothing beneath and is sorted by its title field, ascending.
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

/** A field as heading text (nothing for none). */
export const headingText = (v: unknown): string => (v == null ? '' : String(v));
/** Fields joined into one heading line, the empty ones left out. */
export const headingLine = (...parts: unknown[]): string => parts.map(headingText).filter(Boolean).join(' · ');

/** An area's part of a heading: the line beneath the name, and the order that goes with both. */
export type RecordHeadingOrder = Omit<RecordHeading, 'primary'>;

let declared: Partial<Record<ResourceName, RecordHeadingOrder>> = {};
const sorts = new Map<ResourceName, RecordHeading['sort']>();

/** Called once at start-up with every area's headings (app/features.ts); answers those it replaces. */
export function registerRecordHeadings(headings: Partial<Record<ResourceName, RecordHeadingOrder>>): Partial<Record<ResourceName, RecordHeadingOrder>> {
  const replaced = declared;
  declared = headings;
  sorts.clear();
  return replaced;
}

const headings = new Map<ResourceName, RecordHeading>();

/**
 * The resource's heading: one object per resource, so callers may depend on it (and may take it
 * when their module loads: it reads the registered headings when asked, not when made).
 */
export function recordHeading(resource: ResourceName): RecordHeading {
  let heading = headings.get(resource);
  if (!heading) {
    const def = RESOURCES[resource];
    heading = {
      primary: (r: Rec) => recordName(def, r),
      get secondary() {
        return declared[resource]?.secondary;
      },
      get sort() {
        if (!sorts.has(resource)) {
          const known = declared[resource];
          const sort = known ? known.sort : { column: def.titleField, direction: 'asc' as const };
          sorts.set(resource, sort && def.sortable.includes(sort.column) ? sort : null);
        }
        return sorts.get(resource)!;
      },
    };
    headings.set(resource, heading);
  }
  return heading;
}
