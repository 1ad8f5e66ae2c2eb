/**
 * The estimate as it is printed and as the client sees it online (print, and client
 * approval): the company's name, details and terms, the client, the job's address and date,
 * and the items grouped by product category, each group with its category note and its
 * alternates apart. One shape for both: the print page builds it from the records a signed-in
 * user reads, the approval link's public answer is it (and nothing else of the company's data).
 *
 * Amounts are left out (undefined) for a reader without `edit estimates_admin`: the document then
 * shows no money column, only the estimate's `total` (computed by the server).
 */
import { estimateTotals, hasAlternate, type EstimateTotals } from './estimate-totals.ts';

export interface DocumentItem {
  product_category_id: number | null;
  description: string | null;
  product_name: string | null;
  qty: number | null;
  /** Left out without `edit estimates_admin`. */
  amount?: number | null;
  alternate_product_id: number | null;
  alternate_product_name: string | null;
  alternate_description: string | null;
  alternate_amount?: number | null;
}

export interface EstimateDocument {
  company: { name: string; details: string; terms: string };
  estimate: {
    name: string;
    date: string | null;
    job_address: string | null;
    client_name: string | null;
    contact_name: string | null;
    /** The total of the client's choice, computed by the server (estimateTotals' `chosen`). */
    total: number | null;
    alternate_categories: number[];
  };
  /** The categories the items fall in (id, name, order). */
  categories: { id: number; name: string; sort: number | null }[];
  category_notes: { product_category_id: number; note: string | null }[];
  items: DocumentItem[];
}

export interface DocumentSection {
  /** null: items of no category. */
  categoryId: number | null;
  name: string;
  note: string | null;
  items: DocumentItem[];
  /** The items that offer an alternate (shown in the category's own Alternate block). */
  alternates: DocumentItem[];
}

export const NO_CATEGORY = 'Other';

/** What an item is called: its description, else its product's name. */
export const itemTitle = (i: { description?: string | null; product_name?: string | null }): string => i.description?.trim() || i.product_name || '';
/** What an item's alternate is called: its alternate description, else the alternate product's name. */
export const alternateTitle = (i: { alternate_description?: string | null; alternate_product_name?: string | null }): string =>
  i.alternate_description?.trim() || i.alternate_product_name || '';

/** Whether the document carries the items' amounts (the reader may see them). */
export const showsAmounts = (doc: EstimateDocument): boolean => doc.items.some((i) => i.amount !== undefined);

export interface CategoryGroup<T> {
  /** null: items of no category (or of one not in the list). */
  categoryId: number | null;
  name: string;
  items: T[];
}

/**
 * Items by product category, in the categories' order (sort, then name), items of no category
 * last: the estimate screen's sections and the printed document's alike. `include`: categories
 * listed even without items (the estimate's scopes, on its screen).
 */
export function itemsByCategory<T extends { product_category_id?: number | null }>(
  items: readonly T[],
  categories: readonly { id: number; name?: string | null; sort?: number | null }[],
  include: readonly number[] = [],
): CategoryGroup<T>[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const groups = new Map<number | null, T[]>(include.filter((id) => byId.has(id)).map((id) => [id, []]));
  for (const item of items) {
    const key = item.product_category_id != null && byId.has(item.product_category_id) ? item.product_category_id : null;
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push(item);
  }
  const order = [...groups.keys()].sort((a, b) => {
    if (a === null) return 1;
    if (b === null) return -1;
    const ca = byId.get(a)!;
    const cb = byId.get(b)!;
    return (ca.sort ?? 0) - (cb.sort ?? 0) || (ca.name ?? '').localeCompare(cb.name ?? '');
  });
  return order.map((id) => ({ categoryId: id, name: id === null ? NO_CATEGORY : (byId.get(id)!.name ?? ''), items: groups.get(id)! }));
}

/** The document's items by category (itemsByCategory), each with its note and its alternates. */
export function documentSections(doc: EstimateDocument): DocumentSection[] {
  return itemsByCategory(doc.items, doc.categories).map((g) => ({
    ...g,
    note: g.categoryId === null ? null : doc.category_notes.find((n) => n.product_category_id === g.categoryId)?.note?.trim() || null,
    alternates: g.items.filter(hasAlternate),
  }));
}

/**
 * The alternates a choice of categories takes, each as the estimator's notice of an acceptance names
 * it: "Mirrors: Framed mirror in place of Plate mirror".
 */
export function chosenAlternates(doc: EstimateDocument, chosen: readonly number[]): string[] {
  return documentSections(doc)
    .filter((s) => s.categoryId != null && chosen.includes(s.categoryId))
    .flatMap((s) => s.alternates.map((i) => `${s.name}: ${alternateTitle(i)} in place of ${itemTitle(i)}`));
}

/** The totals of the document for the client's choice (`chosen`: the categories whose alternates are taken). */
export function documentTotals(doc: EstimateDocument, chosen: readonly number[] = doc.estimate.alternate_categories): EstimateTotals {
  return estimateTotals(doc.items, chosen);
}

/** An estimate item as read (the API's record, or the server's row): amounts only when the reader may see them. */
export interface SourceItem {
  product_category_id?: number | null;
  description?: string | null;
  product_name?: string | null;
  qty?: number | null;
  amount?: number | null;
  alternate_product_id?: number | null;
  alternate_product_name?: string | null;
  alternate_description?: string | null;
  alternate_amount?: number | null;
  sort?: number | null;
  id?: number;
}

export interface DocumentSource {
  company: { name?: string | null; details?: string | null; terms?: string | null };
  estimate: {
    name?: string | null;
    date?: string | null;
    job_address?: string | null;
    client_name?: string | null;
    contact_name?: string | null;
    total?: number | null;
    alternate_categories?: readonly number[] | null;
  };
  items: readonly SourceItem[];
  categoryNotes: readonly { product_category_id?: number | null; note?: string | null }[];
  /** Product categories (any: only those the items name are kept). */
  categories: readonly { id: number; name?: string | null; sort?: number | null }[];
}

/**
 * The document of an estimate, from what the reader has: only the fields the document shows (so a
 * public answer built by it carries nothing else), the items in their order (sort, then as made),
 * each item's amounts only when the source has them.
 */
export function estimateDocument(src: DocumentSource): EstimateDocument {
  const items = [...src.items].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || (a.id ?? 0) - (b.id ?? 0));
  const used = new Set(items.map((i) => i.product_category_id).filter((id): id is number => id != null));
  return {
    company: { name: src.company.name ?? '', details: src.company.details ?? '', terms: src.company.terms ?? '' },
    estimate: {
      name: src.estimate.name ?? '',
      date: src.estimate.date ?? null,
      job_address: src.estimate.job_address ?? null,
      client_name: src.estimate.client_name ?? null,
      contact_name: src.estimate.contact_name ?? null,
      total: src.estimate.total ?? null,
      alternate_categories: [...(src.estimate.alternate_categories ?? [])],
    },
    categories: src.categories.filter((c) => used.has(c.id)).map((c) => ({ id: c.id, name: c.name ?? '', sort: c.sort ?? null })),
    category_notes: src.categoryNotes
      .filter((n): n is { product_category_id: number; note?: string | null } => n.product_category_id != null && used.has(n.product_category_id))
      .map((n) => ({ product_category_id: n.product_category_id, note: n.note ?? null })),
    items: items.map((i) => ({
      product_category_id: i.product_category_id ?? null,
      description: i.description ?? null,
      product_name: i.product_name ?? null,
      qty: i.qty ?? null,
      ...('amount' in i && { amount: i.amount ?? null }),
      alternate_product_id: i.alternate_product_id ?? null,
      alternate_product_name: i.alternate_product_name ?? null,
      alternate_description: i.alternate_description ?? null,
      ...('alternate_amount' in i && { alternate_amount: i.alternate_amount ?? null }),
    })),
  };
}
