/**
 * An invoice's number (docs/domain/billing.md, Numbers): one past the highest used, but never less
 * than Settings' next invoice number, so a shop moving from another program carries on its
 * numbering by setting it once. Numbers start at 1001. A void invoice keeps its number.
 */
export const FIRST_INVOICE_NUMBER = 1001;

export function nextInvoiceNumber(highestUsed: number | null | undefined, settingNext: string | number | null | undefined): number {
  const fromSetting = Number(settingNext);
  const floor = Number.isInteger(fromSetting) && fromSetting > 0 ? fromSetting : FIRST_INVOICE_NUMBER;
  return Math.max((highestUsed ?? 0) + 1, floor);
}
