/** The handlers of the import actions (shared/actions/imports.ts). */
import type { IMPORT_ACTIONS } from '@glazier/shared/actions/imports';
import type { ActionHandlers } from '../engine/action-handler.ts';
import { importRecords } from './import-records.ts';

export const importHandlers: ActionHandlers<typeof IMPORT_ACTIONS> = {
  'imports.check': async ({ ctx, params, input }) => importRecords({ ctx, resource: params.resource, rows: input.rows, commit: false }),
  'imports.run': async ({ ctx, params, input, progress }) => {
    const { added, updated } = await importRecords({ ctx, resource: params.resource, rows: input.rows, commit: true, onProgress: progress });
    return { added, updated };
  },
};
