// @jsxRuntime automatic
// @jsxImportSource react
/**
 * The parts every PDF the server makes shares (the estimate's and the purchase order's, in their
 * areas): the Letter page with the shop's running footer ("Page n of m"), the shop's header, and a
 * table whose header row repeats on each page it runs onto. Only components and plain data: a
 * document's module is loaded in the PDF worker (pdf-render.ts). Built with @react-pdf/renderer; the standard Helvetica, so no
 * font file is read or embedded (a document stays small and quick to make); no word is hyphenated
 * (pdf-worker.mjs).
 *
 * The pragmas make the JSX the automatic runtime's wherever the file is compiled (tsx at run time
 * reads no tsconfig for the server's files, nor in the PDF worker; vitest; tsc). No `lineHeight` on
 * the page: react-pdf inherits it into fixed page parts, which then are not drawn at all.
 */
import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';

/** The shop as its documents name it (Settings: company name and details). */
export interface ShopHeader {
  name: string;
  details: string;
}

const INK = '#111111';
const DIM = '#555555';
const RULE = '#999999';

export const pdfStyles = StyleSheet.create({
  page: { paddingTop: 40, paddingBottom: 24, paddingHorizontal: 44, fontFamily: 'Helvetica', fontSize: 10, color: INK },
  footer: {
    marginTop: 8,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 8,
    color: DIM,
    borderTopWidth: 0.5,
    borderTopColor: RULE,
    paddingTop: 4,
  },
  head: { flexDirection: 'row', justifyContent: 'space-between', borderBottomWidth: 1.5, borderBottomColor: INK, paddingBottom: 8, marginBottom: 12 },
  company: { fontSize: 16, fontFamily: 'Helvetica-Bold' },
  dim: { color: DIM },
  kind: { fontSize: 15, fontFamily: 'Helvetica-Bold', letterSpacing: 1, textAlign: 'right' },
  titleLine: { textAlign: 'right' },
  bold: { fontFamily: 'Helvetica-Bold' },
  label: { fontSize: 7.5, color: DIM, letterSpacing: 0.5, marginBottom: 1 },
  tableHead: {
    flexDirection: 'row',
    borderBottomWidth: 0.75,
    borderBottomColor: RULE,
    paddingVertical: 3,
    fontSize: 8,
    fontFamily: 'Helvetica-Bold',
    color: DIM,
  },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#cccccc', paddingVertical: 3 },
  cell: { paddingHorizontal: 3 },
  number: { paddingHorizontal: 3, textAlign: 'right' },
  totals: { alignSelf: 'flex-end', minWidth: 220, marginTop: 8, marginBottom: 14 },
  totalRow: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 2, paddingHorizontal: 3 },
  grandRow: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingTop: 4,
    paddingHorizontal: 3,
    borderTopWidth: 1.5,
    borderTopColor: INK,
    fontFamily: 'Helvetica-Bold',
  },
});

/** A column of a PDF table: its heading, its share of the width, right-aligned when it holds numbers. */
export interface PdfColumn<T> {
  label: string;
  /** Its share of the width (flex-grow) or, for a number, a fixed width in points. */
  flex?: number;
  width?: number;
  numeric?: boolean;
  /** Text, or a Text / View of its own. */
  cell: (row: T) => ReactNode;
}

const columnStyle = (c: { flex?: number; width?: number; numeric?: boolean }) => [
  c.numeric ? pdfStyles.number : pdfStyles.cell,
  c.width ? { width: c.width } : { flex: c.flex ?? 1 },
];

/**
 * A table whose header row is repeated at the top of each page the table runs onto (a fixed
 * element of the table's own view), its rows never split across pages.
 */
export function PdfTable<T>({ columns, rows, testKey }: { columns: PdfColumn<T>[]; rows: readonly T[]; testKey?: (row: T, i: number) => string }) {
  return (
    <View>
      <View style={pdfStyles.tableHead} fixed>
        {columns.map((c) => (
          <Text key={c.label} style={columnStyle(c)}>
            {c.label}
          </Text>
        ))}
      </View>
      {rows.map((row, i) => (
        <View key={testKey?.(row, i) ?? i} style={pdfStyles.row} wrap={false}>
          {columns.map((c) => {
            const content = c.cell(row);
            // plain text straight in a Text: half the nodes of a View around it, and layout is most of the time
            return typeof content === 'string' ? (
              <Text key={c.label} style={columnStyle(c)}>
                {content}
              </Text>
            ) : (
              <View key={c.label} style={columnStyle(c)}>
                {content}
              </View>
            );
          })}
        </View>
      ))}
    </View>
  );
}

/** The shop's header: its name and details at the left, the document's kind and title lines at the right. */
export function ShopHead({ shop, kind, lines }: { shop: ShopHeader; kind: string; lines: ReactNode[] }) {
  return (
    <View style={pdfStyles.head}>
      <View style={{ maxWidth: '60%' }}>
        <Text style={pdfStyles.company}>{shop.name}</Text>
        {shop.details ? <Text style={pdfStyles.dim}>{shop.details}</Text> : null}
      </View>
      <View style={{ maxWidth: '40%' }}>
        <Text style={pdfStyles.kind}>{kind.toUpperCase()}</Text>
        {lines.map((line, i) => (
          <Text key={i} style={pdfStyles.titleLine}>
            {line}
          </Text>
        ))}
      </View>
    </View>
  );
}

/** A Letter document of one flowing page: the shop and the document named in the footer of every page, with "Page n of m". */
export function PdfDocument({ title, shop, footer, children }: { title: string; shop: ShopHeader; footer: string; children: ReactNode }) {
  return (
    <Document title={title} author={shop.name || undefined} creator="Glazier" producer="Glazier">
      {/*
        The newer pagination (measured once and packed into pages: some 3 times quicker on a long
        estimate); its page chrome is the layout's, around the flowing content (a fixed footer
        would be drawn on the last page only).
      */}
      <Page
        size="LETTER"
        style={pdfStyles.page}
        wrap
        layout={({ children, pageNumber, totalPages }) => (
          <View style={{ flexGrow: 1 }}>
            <View style={{ flexGrow: 1 }}>{children}</View>
            <View style={pdfStyles.footer}>
              <Text>{[shop.name, footer].filter(Boolean).join(' · ')}</Text>
              <Text>{`Page ${pageNumber ?? 1} of ${totalPages ?? 1}`}</Text>
            </View>
          </View>
        )}
      >
        {children}
      </Page>
    </Document>
  );
}
