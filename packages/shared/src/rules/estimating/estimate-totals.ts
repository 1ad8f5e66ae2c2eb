/**
 * An estimate's totals: the base total (every item's amount), the total with every
 * alternate chosen, and the total of the client's choice: per product category, the base or the
 * alternates (an item without an alternate counts its amount either way). Costs alike, and the
 * margin of the choice. Each is a total a client would pay (the alternates' amounts
 * added alone, leaving out the items without one, were a figure nobody pays).
 */
import { roundMoney } from '../money.ts';

export interface TotalsItem {
  product_category_id?: number | null;
  amount?: number | null;
  cost?: number | null;
  alternate_product_id?: number | null;
  alternate_amount?: number | null;
  alternate_cost?: number | null;
}

export interface EstimateTotals {
  base: number;
  /** The total with the alternates of every category that offers some chosen (the choice of all of them). */
  allAlternates: number;
  chosen: number;
  chosenCost: number;
  /** (chosen − its cost) ÷ chosen; null for a total of 0. */
  margin: number | null;
}

/**
 * Whether an item offers an alternate: an alternate product or amount (a description alone changes
 * nothing the client chooses). The one rule of the totals, the screen's choice, the printed and
 * online estimate, and the server's SQL total and convert.
 */
export const hasAlternate = (i: Pick<TotalsItem, 'alternate_product_id' | 'alternate_amount'>) => i.alternate_product_id != null || i.alternate_amount != null;

/** `alternateCategories`: the categories whose alternates the client chose. */
export function estimateTotals(items: readonly TotalsItem[], alternateCategories: readonly number[] = []): EstimateTotals {
  const chosenAlt = new Set(alternateCategories);
  let base = 0;
  let allAlternates = 0;
  let chosen = 0;
  let chosenCost = 0;
  for (const i of items) {
    const amount = i.amount ?? 0;
    // the client chooses per category: an item of none keeps its amount whatever is chosen
    const category = i.product_category_id;
    const choosable = hasAlternate(i) && category != null;
    base += amount;
    allAlternates += choosable ? (i.alternate_amount ?? 0) : amount;
    const useAlt = choosable && chosenAlt.has(category);
    chosen += useAlt ? (i.alternate_amount ?? 0) : amount;
    chosenCost += useAlt ? (i.alternate_cost ?? 0) : (i.cost ?? 0);
  }
  chosen = roundMoney(chosen);
  chosenCost = roundMoney(chosenCost);
  return { base: roundMoney(base), allAlternates: roundMoney(allAlternates), chosen, chosenCost, margin: chosen ? (chosen - chosenCost) / chosen : null };
}

export interface DiffItem extends TotalsItem {
  id?: number;
  product_id?: number | null;
  description?: string | null;
  qty?: number | null;
  /** The item this one was copied from by a revision (absent on the first). */
  revised_from_id?: number | null;
}

export interface EstimateDiff {
  added: DiffItem[];
  removed: DiffItem[];
  /** Items in both, with the fields that differ. */
  changed: { before: DiffItem; after: DiffItem; fields: string[] }[];
  totals: { before: EstimateTotals; after: EstimateTotals };
}

const COMPARED = ['product_id', 'description', 'qty', 'amount', 'cost', 'alternate_product_id', 'alternate_amount', 'alternate_cost'] as const;

/**
 * What changed between two revisions: an item of `after` matches the item of `before` it was
 * copied from (`revised_from_id`), else the first unmatched one with the same product and
 * description.
 */
export function estimateDiff(before: readonly DiffItem[], after: readonly DiffItem[]): EstimateDiff {
  const unmatched = new Set(before);
  const pairs: { before: DiffItem; after: DiffItem }[] = [];
  const added: DiffItem[] = [];
  for (const a of after) {
    let match = a.revised_from_id != null ? before.find((b) => b.id === a.revised_from_id && unmatched.has(b)) : undefined;
    match ??= [...unmatched].find((b) => (b.product_id ?? null) === (a.product_id ?? null) && (b.description ?? '') === (a.description ?? ''));
    if (match) {
      unmatched.delete(match);
      pairs.push({ before: match, after: a });
    } else added.push(a);
  }
  const changed = pairs
    .map((p) => ({ ...p, fields: COMPARED.filter((f) => (p.before[f] ?? null) !== (p.after[f] ?? null)) as string[] }))
    .filter((p) => p.fields.length > 0);
  return { added, removed: [...unmatched], changed, totals: { before: estimateTotals(before), after: estimateTotals(after) } };
}
