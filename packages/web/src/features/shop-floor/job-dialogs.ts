/**
 * The dialogs the shop floor offers the jobs area (resource-kit/forms/area-dialogs.ts), in one lazy
 * chunk: the feature declaration imports this module once for both, so the first screen carries
 * one loader, not one per dialog.
 */
import type { AreaDialogOpener } from '../../resource-kit/forms/area-dialogs.ts';
import { openCutListDialog } from './cut-list-dialog.tsx';
import { openPrintOptionsDialog } from './print-options-dialog.tsx';

export const SHOP_FLOOR_DIALOGS: { cutList: AreaDialogOpener<'cutList'>; jobPrintOptions: AreaDialogOpener<'jobPrintOptions'> } = {
  cutList: openCutListDialog,
  jobPrintOptions: openPrintOptionsDialog,
};
