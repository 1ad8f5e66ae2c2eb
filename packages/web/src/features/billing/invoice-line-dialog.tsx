/**
 * Invoice Line dialog (docs/domain/billing.md, Totals and tax): description, qty, rate, amount and
 * taxable. The amount follows qty × rate (rounded once, the shared rule) until it is typed; a
 * discount is a line with a negative rate. Only a draft that no export took is edited: otherwise
 * the line is shown read-only.
 */
import { fromCents } from '@glazier/shared/rules/money';
import { lineAmountCents } from '@glazier/shared/rules/billing/invoice-totals';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog, type PlainDialogProps } from '../../resource-kit/form-body/plain-dialog.tsx';

/** What the amount becomes as qty or rate change: qty × rate, while the amount was that default. */
export function followAmount(
  before: { qty: number | null; rate: number | null; amount: number | null },
  qty: number | null,
  rate: number | null,
): number | null {
  const wasDefault = before.amount == null || fromCents(lineAmountCents(before.qty ?? 0, before.rate ?? 0)) === before.amount;
  return wasDefault ? fromCents(lineAmountCents(qty ?? 0, rate ?? 0)) : before.amount;
}

type Props = PlainDialogProps<'invoice_lines'> & { editable?: boolean };

export const openInvoiceLineDialog = plainDialog<
  'invoice_lines',
  Record<string, unknown> & { qty: number | null; rate: number | null; amount: number | null },
  Props
>('invoice_lines', {
  testId: 'invoice-line-dialog',
  right: 'invoices',
  useEditable: (_dialog, p) => p.editable ?? true,
  deleteConfirm: 'Remove this line from the invoice?',
  values: ({ record, initial }) =>
    formValues(record, {
      invoice_id: initial?.invoice_id ?? null,
      description: initial?.description ?? '',
      qty: initial?.qty ?? 1,
      rate: initial?.rate ?? 0,
      amount: initial?.amount ?? 0,
      taxable: initial?.taxable ?? true,
    }),
  useFields: ({ form }) => {
    const set = (qty: number | null, rate: number | null) => {
      const before = form.getValues();
      form.setValues({ qty, rate, amount: followAmount(before, qty, rate) });
    };
    return [
      'description',
      {
        cols: 3,
        fields: [
          ['qty', { onChange: (q: number | null) => set(q, form.getValues().rate) }],
          ['rate', { onChange: (r: number | null) => set(form.getValues().qty, r) }],
          'amount',
        ],
      },
      'taxable',
    ];
  },
});
