/** Fuzz (fuzz-cases.ts) over the second half of the registry. */
import { RESOURCE_NAMES } from '@glazier/shared/resources/registry';
import { fuzzResources } from './fuzz-cases.ts';

fuzzResources(RESOURCE_NAMES.slice(Math.ceil(RESOURCE_NAMES.length / 2)));
