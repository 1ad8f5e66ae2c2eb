/** A product as dialogs and lists name it: its number and name ("MR-35369 · 1/4\" Clear Mirror"), or the name alone. */
export function productLabel(product: { number?: string | null; name: string }): string {
  return product.number ? `${product.number} · ${product.name}` : product.name;
}
