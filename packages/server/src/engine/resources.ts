/**
 * Every resource's server declaration (definition, table, hooks), by name: what the engine works
 * on. The areas declare them (areas/registry.ts) and install them at start (the app, the command
 * line, the bench, the test setup), so the engine below them imports no area.
 */
import { isResourceName, type ResourceName } from '@glazier/shared/resources/registry';
import { notFound } from './errors.ts';
import type { ServerResource } from './server-resource.ts';

export type ServerResources = Record<ResourceName, ServerResource>;

let installed: ServerResources | undefined;

export function installResources(resources: ServerResources): void {
  installed = resources;
}

/** A resource by name: typed by its name when the name is written out (`resource('estimates')`), else any resource. */
export function resource<N extends string>(name: N): ServerResource<N extends ResourceName ? N : ResourceName> {
  if (!isResourceName(name)) throw notFound('Resource');
  if (!installed) throw new Error('No server resources installed: call installServerResources() (areas/registry.ts) at start.');
  // installed per name (areas/registry.ts builds each from its own hooks)
  return installed[name] as ServerResource<N extends ResourceName ? N : ResourceName>;
}
