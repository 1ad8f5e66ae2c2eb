/** Inventory's named actions (shared/actions/inventory.ts), each to its rule in this folder. */
import type { INVENTORY_ACTIONS } from '@glazier/shared/actions/inventory';
import type { ActionHandlers } from '../../engine/action-handler.ts';
import { countMaterial } from './count-material.ts';
import { materialSnapshotSummaries } from './material-snapshot-summaries.ts';
import { pullBom, returnBom } from './pull-bom.ts';
import { takeMaterialSnapshots } from './take-material-snapshots.ts';

export const inventoryHandlers: ActionHandlers<typeof INVENTORY_ACTIONS> = {
  'materials.count': ({ ctx, params, input }) => countMaterial({ ctx, id: params.id, input }),
  'material_snapshots.take': ({ ctx, input }) => takeMaterialSnapshots({ ctx, input }),
  'material_snapshots.summary': ({ ctx }) => materialSnapshotSummaries({ ctx }),
  'boms.pull': async ({ ctx, params }) => ({ data: await pullBom({ ctx, id: params.id }) }),
  'boms.return': async ({ ctx, params }) => ({ data: await returnBom({ ctx, id: params.id }) }),
};
