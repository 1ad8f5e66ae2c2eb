/**
 * An invoice's totals (docs/domain/billing.md, Totals and tax): subtotal, the tax per rate, total,
 * the deposits applied, paid and the balance. The figures are the server's (read live); the tax by
 * rate is the shared rule's split of the lines, so the shares add up to the server's tax.
 */
import { invoiceTotals } from '@glazier/shared/rules/billing/invoice-totals';
import { formatCents, formatMoney } from '@glazier/shared/rules/money';
import type { RecordOf } from '@glazier/shared/resources/records';
import { Group, Stack, Text } from '@mantine/core';

type Invoice = Pick<
  RecordOf<'invoices'>,
  'subtotal' | 'tax' | 'total' | 'paid' | 'balance' | 'deposits_applied' | 'tax_exempt' | 'tax1_name' | 'tax1_percent' | 'tax2_name' | 'tax2_percent' | 'status'
>;
type Line = Pick<RecordOf<'invoice_lines'>, 'amount' | 'taxable'>;

/** The rates the invoice bills (a rate without its percent is none). */
export function invoiceRates(i: Invoice): { name: string; percent: number }[] {
  return [
    { name: i.tax1_name || 'Sales tax', percent: i.tax1_percent ?? 0 },
    { name: i.tax2_name || 'Second tax', percent: i.tax2_percent ?? 0 },
  ].filter((r) => r.percent > 0);
}

/** Each tax row's words ("State 6.25%") and amount; one row "Tax" when the lines cannot be split (or exempt: "Tax (exempt)"). */
export function taxRows(invoice: Invoice, lines: readonly Line[] | undefined): { label: string; amount: string }[] {
  if (invoice.tax_exempt) return [{ label: 'Tax (exempt)', amount: formatMoney(0) }];
  const rates = invoiceRates(invoice);
  const totals = lines && rates.length > 1 ? invoiceTotals(lines, { rates, exempt: false }) : null;
  if (totals?.ok) return totals.value.taxByRate.map((r) => ({ label: `${r.name} ${r.percent}%`, amount: formatCents(r.cents) }));
  const only = rates[0];
  return [{ label: only ? `${only.name} ${only.percent}%` : 'Tax', amount: formatMoney(invoice.tax) }];
}

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="xl" wrap="nowrap" data-testid={testId}>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
}

export function InvoiceTotals({ invoice, lines }: { invoice: Invoice; lines: readonly Line[] | undefined }) {
  return (
    <Stack gap={4} maw={360} ml="auto" w="100%" data-testid="invoice-totals">
      <Row label="Subtotal" value={formatMoney(invoice.subtotal)} testId="invoice-subtotal" />
      {taxRows(invoice, lines).map((t) => (
        <Row key={t.label} label={t.label} value={t.amount} testId="invoice-tax" />
      ))}
      <Row label="Total" value={formatMoney(invoice.total)} strong testId="invoice-total" />
      {(invoice.deposits_applied ?? 0) > 0 && <Row label="Deposits applied" value={`−${formatMoney(invoice.deposits_applied)}`} testId="invoice-deposits" />}
      <Row label="Paid" value={(invoice.paid ?? 0) > 0 ? `−${formatMoney(invoice.paid)}` : formatMoney(0)} testId="invoice-paid" />
      <Row label={invoice.status === 'void' ? 'Balance (void)' : 'Balance due'} value={formatMoney(invoice.balance)} strong testId="invoice-balance" />
    </Stack>
  );
}
