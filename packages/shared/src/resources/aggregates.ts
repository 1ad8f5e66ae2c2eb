/**
 * Which records are parts of another (docs/platform.md, Aggregates and state): a resource is a child of
 * every resource whose writable `many` relation holds it (a job's products, an order's lines). A
 * child's write is a change of its parent: the server moves the parent's `updated_at` on, and the
 * web refreshes its cached copy of the parent.
 */
import type { ResourceDef } from './define.ts';
import { RESOURCES, type ResourceName } from './registry.ts';

export interface ParentLink {
  /** The parent resource (a table shared by several resources, jobs and job templates, gives one link each). */
  resource: ResourceName;
  /** The parent's table. */
  table: string;
  /** The child's column holding the parent's id. */
  foreignKey: string;
}

let byChild: Map<string, ParentLink[]> | undefined;

/** The parents of a child resource: none for a resource that is no writable relation's. */
export function parentsOf(child: ResourceName): readonly ParentLink[] {
  if (!byChild) {
    byChild = new Map();
    for (const [name, def] of Object.entries(RESOURCES) as [ResourceName, ResourceDef][]) {
      for (const rel of Object.values(def.relations)) {
        if (rel.kind !== 'many' || !rel.writable || !rel.foreignKey) continue;
        const links = byChild.get(rel.resource) ?? [];
        links.push({ resource: name, table: def.table, foreignKey: rel.foreignKey });
        byChild.set(rel.resource, links);
      }
    }
  }
  return byChild.get(child) ?? [];
}
