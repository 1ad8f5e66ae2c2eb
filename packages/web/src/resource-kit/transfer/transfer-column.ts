/** A table column as the export and the import's mapping use it: its key and heading. */
export interface TransferColumn {
  key: string;
  label: string;
  /** How the export words the cell, when not as the table words the field (e.g. hours as hh:mm beside the decimal). */
  text?: (row: Record<string, unknown>) => string;
}
