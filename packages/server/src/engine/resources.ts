/** Every resource's server declaration (definition, table, hooks), by name: what the engine works on. */
import { isResourceName } from '@glazier/shared/resources/registry';
import { SERVER_RESOURCES } from '../areas/registry.ts';
import { notFound } from './errors.ts';
import type { ServerResource } from './server-resource.ts';

export function resource(name: string): ServerResource {
  if (!isResourceName(name)) throw notFound('Resource');
  return SERVER_RESOURCES[name];
}
