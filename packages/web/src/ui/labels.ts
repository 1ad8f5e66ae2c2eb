/**
 * Preparing labels for the print page (docs/domain/shop-floor.md, Labels): the labels are kept in the browser's
 * local storage under `print-labels` as a list, and the app goes to `/print`, which reads them
 * from there (no server round trip; a reload of /print shows them again). Any screen prints labels
 * this way:
 *
 *   const prepareLabels = usePrepareLabels();
 *   prepareLabels([{ job: '1042', name: 'M-100', description: 'Clear 1/4"', note: 'PO 7', qr: url }]);
 *
 * The label model and its rules (repetition, sheet positions) are `@glazier/shared/rules/shop-floor/labels`.
 */
import { parseLabels, type Label } from '@glazier/shared/rules/shop-floor/labels';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

export const PRINT_LABELS_KEY = 'print-labels';
export const PRINT_PATH = '/print';

export function storePreparedLabels(labels: readonly Label[]): void {
  localStorage.setItem(PRINT_LABELS_KEY, JSON.stringify(labels));
}

/** The prepared labels, or none (nothing kept, or not a list of labels). */
export function readPreparedLabels(): Label[] {
  try {
    return parseLabels(JSON.parse(localStorage.getItem(PRINT_LABELS_KEY) ?? 'null'));
  } catch {
    return [];
  }
}

/** Keeps `labels` for the print page and goes there. */
export function usePrepareLabels(): (labels: readonly Label[]) => void {
  const navigate = useNavigate();
  return useCallback(
    (labels) => {
      storePreparedLabels(labels);
      void navigate(PRINT_PATH);
    },
    [navigate],
  );
}

/** The absolute URL of an app path (what a label's QR code holds, so a phone opens it). */
export function appUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}
