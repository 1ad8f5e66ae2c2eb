/**
 * Invoice dialog (docs/domain/billing.md, Terms): a draft's issue date, terms (with their days),
 * bill-to and memo; a new one also its job (the client follows the job). The number and due date
 * are the server's (next number; issue date + terms).
 */
import { INVOICE_TERMS } from '@glazier/shared/resources/billing';
import { TERMS_LABELS } from '@glazier/shared/rules/billing/terms';
import { Text } from '@mantine/core';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog, type PlainDialogProps } from '../../resource-kit/form-body/plain-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { DateField } from '../../ui/date-field.tsx';
import { SelectField } from '../../ui/select-field.tsx';

const TERMS_OPTIONS = INVOICE_TERMS.map((t) => ({ value: t, label: TERMS_LABELS[t] }));

type Props = PlainDialogProps<'invoices'> & { editable?: boolean };

export const openInvoiceDialog = plainDialog<'invoices', Record<string, unknown>, Props>('invoices', {
  testId: 'invoice-dialog',
  right: 'invoices',
  useEditable: (_dialog, p) => p.editable ?? true,
  deleteConfirm: 'Delete this draft invoice?',
  values: ({ record, initial }) =>
    formValues(record, {
      job_id: initial?.job_id ?? null,
      // a won estimate's deposit names its estimate, no job yet (the rule: one of the two)
      estimate_id: initial?.estimate_id ?? null,
      client_id: initial?.client_id ?? null,
      issue_date: initial?.issue_date ?? null,
      terms: initial?.terms ?? 'net_30',
      terms_days: initial?.terms_days ?? null,
      bill_to: initial?.bill_to ?? '',
      memo: initial?.memo ?? '',
    }),
  useFields: ({ form, field }, { record }) => {
    const values = form.getValues();
    return [
      record ? (
        <Text key="number" fw={600}>
          Invoice {record.number}
        </Text>
      ) : (
        <RecordPicker
          key="job"
          resource="jobs"
          label="Job"
          value={values.job_id as number | null}
          onChange={(id, job) => form.setValues({ job_id: id, client_id: job?.client_id ?? null })}
          error={form.errors.job_id}
          data-testid="job-picker"
        />
      ),
      <DateField key="issue" {...field('issue_date')} />,
      <SelectField key="terms" data={TERMS_OPTIONS} {...field('terms')} />,
      values.terms === 'days' && 'terms_days',
      'bill_to',
      'memo',
    ];
  },
});
