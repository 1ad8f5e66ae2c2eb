/** Every server test file works on the real resources, as the app and the command line do (engine/resources.ts). */
import { installServerResources } from '../src/areas/registry.ts';

installServerResources();
