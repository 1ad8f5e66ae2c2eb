/**
 * A spreadsheet file chosen for an import, read as text cells: CSV by papaparse, `.xlsx` by
 * read-excel-file (which reads the sheet in a web worker, so a big file does not freeze the
 * page). Both load with the import dialog, never with the first screen. The first row is the
 * header; rows with no value at all are dropped.
 */
export interface Sheet {
  headers: string[];
  rows: string[][];
}

export class SheetError extends Error {}

const isXlsx = (file: File) => /\.xlsx$/i.test(file.name) || file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell as the text a person would have typed: a date as YYYY-MM-DD, numbers in full. */
export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell);
}

export async function readSheetFile(file: File): Promise<Sheet> {
  let table: string[][];
  if (isXlsx(file)) {
    const { readSheet } = await import('read-excel-file/browser');
    try {
      table = (await readSheet(file)).map((row) => row.map(cellText));
    } catch {
      throw new SheetError('This file could not be read as an Excel sheet (.xlsx).');
    }
  } else if (/\.(csv|txt)$/i.test(file.name) || /csv|text\/plain/.test(file.type)) {
    table = await readCsv(file);
  } else {
    throw new SheetError('Choose a CSV file (.csv) or an Excel sheet (.xlsx).');
  }
  const [head = [], ...rest] = table;
  const headers = head.map((h, i) => (i === 0 ? h.replace(/^\uFEFF/, '') : h).trim());
  if (!headers.some(Boolean)) throw new SheetError('The first row must name the columns.');
  const rows = rest.filter((r) => r.some((c) => c.trim() !== ''));
  return { headers, rows };
}

async function readCsv(file: File): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      skipEmptyLines: 'greedy',
      complete: (result) => resolve(result.data),
      error: () => reject(new SheetError('This file could not be read as CSV.')),
    });
  });
}
