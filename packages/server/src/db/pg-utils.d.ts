// node-postgres's own value writer (dates, arrays, JSON, bytes), which @types/pg does not declare:
// the PGlite worker writes a statement's values as node-postgres would.
declare module 'pg/lib/utils.js' {
  /** A value as its text (or bytes) on the wire; null for SQL NULL. */
  const utils: { prepareValue(value: unknown): string | ArrayBuffer | ArrayBufferView | null };
  export default utils;
}
