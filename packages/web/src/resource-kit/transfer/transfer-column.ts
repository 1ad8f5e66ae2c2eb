/** A table column as the export and the import's mapping use it: its key and heading. */
export interface TransferColumn {
  key: string;
  label: string;
}
