/**
 * What the printer gets (docs/platform.md, Printing: printable pages have print CSS and no shell): the
 * sheet is rendered at the end of `<body>`, hidden on screen; while printing it is the only thing
 * on the paper (no header, menu, action bar or open dialog). A screen keeps it mounted and calls
 * `window.print()` (a purchase order; labels and estimates print the same way).
 *
 *   <PrintSheet page="letter portrait" margin="12mm"><h1>PO 1042</h1>…</PrintSheet>
 *   <Button onClick={() => window.print()}>Print</Button>
 *
 * Inside, plain HTML: tables span the width with ruled rows, `className="print-number"` aligns a
 * number cell right. `page` is the CSS `@page` size (a label sheet gives its own).
 */
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './print.css';

export interface PrintSheetProps {
  children: ReactNode;
  /** The `@page` size, e.g. "letter portrait" or "4in 2in" (default: the printer's). */
  page?: string;
  /** The `@page` margin (default 12mm). */
  margin?: string;
  testId?: string;
}

export function PrintSheet({ children, page, margin = '12mm', testId }: PrintSheetProps) {
  return createPortal(
    <div className="print-sheet" data-testid={testId}>
      <style>{`@media print { @page { ${page ? `size: ${page}; ` : ''}margin: ${margin}; } }`}</style>
      {children}
    </div>,
    document.body,
  );
}
