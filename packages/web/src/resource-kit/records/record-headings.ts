/**
 * How a record is headed in a list row (picker drop-down, lookup dialog), and the order that goes
 * with the heading, so rows read in the order they are headed (docs/platform.md, Dialogs: a job shows its
 * number, or its name without one; a material its number with the description beneath).
 *
 *   const h = recordHeading('jobs');  h.primary(job); h.secondary?.(job); h.sort  // number, descending
 *
 * Every record is headed by its name (`recordName`, the resource's `naming`); what rows show beneath
 * it and their order are each area's (its feature's `heading`, registered at start-up by app/:
 * record-heading-orders.ts);
 * a resource without one has nothing beneath and is sorted by its title field, ascending.
 */
import { recordName } from '@glazier/shared/resources/naming';
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import type { Rec } from './records.ts';
import { declaredHeading, headingRegistrations, type RecordHeadingOrder } from './record-heading-orders.ts';

export interface RecordHeading extends RecordHeadingOrder {
  primary: (r: Rec) => string;
}

/** Each resource's order, derived from the registered headings (and dropped when they change). */
const sorts = new Map<ResourceName, RecordHeading['sort']>();
let sortsOf = -1;

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
        return declaredHeading(resource)?.secondary;
      },
      get sort() {
        if (sortsOf !== headingRegistrations()) {
          sorts.clear();
          sortsOf = headingRegistrations();
        }
        if (!sorts.has(resource)) {
          const known = declaredHeading(resource);
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
