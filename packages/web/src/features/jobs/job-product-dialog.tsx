/**
 * JobProduct dialog (docs/domain/jobs.md, Job products): product (picker, or the product lookup), qty (default 1),
 * note, the site opening and the glass width and height where the product's series enables
 * dimensions (typing the opening fills the glass: the opening less the series' deductions, rounded
 * down to 1/16", and marks it measured today: shared/rules/shop-floor/measure-to-cut.ts), measure date, the
 * measured / ordered / fabricated toggles where the series enables them (its category's flags
 * while it uses the category settings), and cost and revenue (unit × qty by default, following qty
 * until typed over: shared/rules/line-amount.ts) shown and sent only with `edit jobs_admin`.
 * Without `edit jobs` (and for a template's product `edit jobs_admin` too) the whole dialog is
 * read-only.
 */
import { nextAmount } from '@glazier/shared/rules/line-amount';
import { toIsoDate } from '@glazier/shared/rules/dates';
import { formatLength } from '@glazier/shared/rules/length';
import { OPENING_TOO_SMALL, glassFromOpening } from '@glazier/shared/rules/shop-floor/measure-to-cut';
import { hasProgressFlags } from '@glazier/shared/rules/catalogue/series-features';
import { Group, Text } from '@mantine/core';
import { useList } from '../../resource-kit/records/queries.ts';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { ProductPicker } from '../../resource-kit/pickers/picker-with-lookup.tsx';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import type { RecordDialogOptions } from '../../resource-kit/forms/record-dialogs.ts';
import { useSeriesFlags } from '../../resource-kit/records/series-flags.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { LengthField, MoneyField, QtyField } from '../../ui/fields.tsx';
import { CheckField } from '../../ui/check-field.tsx';
import { DateField } from '../../ui/date-field.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextAreaField } from '../../ui/text-field.tsx';
import { RemeasureWarning } from './remeasure-warning.tsx';

type JobProduct = RecordOf<'job_products'>;

/** What only `edit jobs_admin` sees and sends. */
const ADMIN_FIELDS = ['cost', 'revenue', 'default_cost_per_unit', 'default_revenue_per_unit'] as const;

export interface JobProductDialogOptions extends RecordDialogOptions<'job_products'> {
  /** A job template's product: changed only with `edit jobs_admin` too, as the template itself (the server refuses otherwise). */
  ofTemplate?: boolean;
}

function JobProductForm({ record, initial, ofTemplate }: JobProductDialogOptions) {
  const canAdmin = useCan('edit', 'jobs_admin');
  const canEdit = useCan('edit', 'jobs') && (!ofTemplate || canAdmin);
  const allSeries = useList('series');
  const flagsOfSeries = useSeriesFlags();
  const dialog = useRecordDialog('job_products', {
    deleteConfirm: 'Delete this product?',
    initialValues: formValues(record, {
      job_id: initial?.job_id ?? null,
      product_id: initial?.product_id ?? null,
      series_id: initial?.series_id ?? null,
      name: initial?.name ?? '',
      qty: initial?.qty ?? 1,
      note: initial?.note ?? '',
      opening_width: null,
      opening_height: null,
      glass_width: null,
      glass_height: null,
      measure_date: null,
      is_measured: false,
      is_ordered: false,
      is_fabricated: false,
      cost: null,
      revenue: null,
      default_cost_per_unit: null,
      default_revenue_per_unit: null,
    }),
    transform: (v) => {
      const body: Record<string, unknown> = { ...v };
      if (!canAdmin) for (const key of ADMIN_FIELDS) delete body[key];
      return body as InputOf<'job_products'>;
    },
  });
  const { form, field } = dialog;
  const values = form.getValues();
  const series = allSeries.data?.find((s) => s.id === values.series_id) ?? null;
  const flags = flagsOfSeries(values.series_id);

  /** Sets qty and/or the unit amounts, letting cost and revenue follow while they are the default. */
  const update = (next: { qty?: number; costUnit?: number | null; revenueUnit?: number | null }) => {
    const qty = next.qty ?? values.qty;
    const costUnit = next.costUnit !== undefined ? next.costUnit : values.default_cost_per_unit;
    const revenueUnit = next.revenueUnit !== undefined ? next.revenueUnit : values.default_revenue_per_unit;
    form.setValues({
      qty,
      default_cost_per_unit: costUnit,
      default_revenue_per_unit: revenueUnit,
      cost: nextAmount(values.cost, { unit: values.default_cost_per_unit, qty: values.qty }, { unit: costUnit, qty }),
      revenue: nextAmount(values.revenue, { unit: values.default_revenue_per_unit, qty: values.qty }, { unit: revenueUnit, qty }),
    });
  };

  /** The site opening typed: the glass is cut to it less the series' deduction, and the product is measured today. */
  const enterOpening = (side: 'width' | 'height', value: number | string | null) => {
    // text it could not read is kept as typed, as getInputProps keeps it (the server answers with the message)
    form.setFieldValue(`opening_${side}`, value as number | null);
    if (typeof value !== 'number') return;
    const glass = glassFromOpening(value, series?.[`glass_${side}_deduction`]);
    if (glass === null) {
      form.setFieldError(`opening_${side}`, OPENING_TOO_SMALL);
      return;
    }
    form.setFieldValue(`glass_${side}`, glass);
    form.setFieldValue('is_measured', true);
    form.setFieldValue('measure_date', toIsoDate(new Date()));
  };
  const deductions = [series?.glass_width_deduction, series?.glass_height_deduction].some((d) => d != null && d > 0)
    ? `Opening less ${formatLength(series?.glass_width_deduction ?? 0)} × ${formatLength(series?.glass_height_deduction ?? 0)} (the series' deductions).`
    : undefined;

  const pickProduct = (id: number | null, product: RecordOf<'products'> | null) => {
    form.setFieldValue('product_id', id);
    if (!product) return;
    form.setFieldValue('name', product.name);
    form.setFieldValue('series_id', product.series_id ?? null);
    // The product's prices are there only with `edit products_admin`; otherwise the server fills them in.
    update({ costUnit: product.cost_per_unit ?? null, revenueUnit: product.revenue_per_unit ?? null });
  };

  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <ProductPicker
        {...field('product_id')}
        onChange={pickProduct}
        // the lookup lists the chosen series' products
        lookupFilters={values.series_id ? { series_id: values.series_id } : undefined}
        autoFocus={dialog.isNew}
        data-testid="job-product-picker"
      />
      {series && (
        <Text size="xs" c="dimmed" mt={-6}>
          Series: {series.name}
        </Text>
      )}
      <QtyField {...field('qty')} onChange={(n) => update({ qty: n ?? 0 })} />
      <TextAreaField autosize minRows={2} maxRows={6} {...field('note')} />
      {flags.enable_dimensions && (
        <>
          <Group grow align="flex-start" gap="sm">
            <LengthField {...field('opening_width')} onChange={(v) => enterOpening('width', v)} />
            <LengthField {...field('opening_height')} onChange={(v) => enterOpening('height', v)} />
          </Group>
          <Group grow align="flex-start" gap="sm">
            <LengthField {...field('glass_width')} />
            <LengthField {...field('glass_height')} />
          </Group>
          {deductions && (
            <Text size="xs" c="dimmed" mt={-6} data-testid="glass-deductions">
              Glass: {deductions}
            </Text>
          )}
          {record && <RemeasureWarning record={record} glass={{ width: values.glass_width ?? null, height: values.glass_height ?? null }} />}
        </>
      )}
      <DateField {...field('measure_date')} />
      {hasProgressFlags(flags) && (
        <Group gap="xl">
          {flags.enable_measured && <CheckField {...field('is_measured')} />}
          {flags.enable_ordered && <CheckField {...field('is_ordered')} />}
          {flags.enable_fabricated && <CheckField {...field('is_fabricated')} />}
        </Group>
      )}
      {canAdmin && (
        <Group grow align="flex-start" gap="sm">
          <MoneyField {...field('cost')} />
          <MoneyField {...field('revenue')} />
        </Group>
      )}
    </RecordDialogForm>
  );
}

export function openJobProductDialog(modals: ModalStackApi, props: JobProductDialogOptions = {}): Promise<JobProduct | null> {
  // The form sets the title: Add Job Product, Edit Job Product, or Job Product when read-only.
  return modals.push<JobProduct>(() => <JobProductForm {...props} />, { testId: 'job-product-dialog' });
}
