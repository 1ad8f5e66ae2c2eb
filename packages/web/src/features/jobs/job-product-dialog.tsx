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
import { Text } from '@mantine/core';
import { useList } from '../../resource-kit/records/queries.ts';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { ProductPicker } from '../../resource-kit/pickers/picker-with-lookup.tsx';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog, type PlainDialogProps } from '../../resource-kit/form-body/plain-dialog.tsx';
import { useSeriesFlags } from '../../resource-kit/records/series-flags.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { RemeasureWarning } from './remeasure-warning.tsx';

/** What only `edit jobs_admin` sees and sends. */
const ADMIN_FIELDS = ['cost', 'revenue', 'default_cost_per_unit', 'default_revenue_per_unit'] as const;

export interface JobProductDialogOptions extends PlainDialogProps<'job_products'> {
  /** A job template's product: changed only with `edit jobs_admin` too, as the template itself (the server refuses otherwise). */
  ofTemplate?: boolean;
}

/** Opens Add/Edit Job Product (Job Product when read-only); resolves with the saved product, or null. */
export const openJobProductDialog = plainDialog<'job_products', ReturnType<typeof jobProductValues>, JobProductDialogOptions>('job_products', {
  testId: 'job-product-dialog',
  right: 'jobs',
  // a template's product: as the template itself
  useEditable: function useTemplateRight(_dialog, { ofTemplate }) {
    const canAdmin = useCan('edit', 'jobs_admin');
    return !ofTemplate || canAdmin;
  },
  deleteConfirm: 'Delete this product?',
  values: jobProductValues,
  useTransform: function useAdminFields() {
    const canAdmin = useCan('edit', 'jobs_admin');
    return (v) => {
      const body: Record<string, unknown> = { ...v };
      if (!canAdmin) for (const key of ADMIN_FIELDS) delete body[key];
      return body as InputOf<'job_products'>;
    };
  },
  useFields: function useJobProductFields({ form, field, isNew }, { record }) {
    const canAdmin = useCan('edit', 'jobs_admin');
    const allSeries = useList('series');
    const flagsOfSeries = useSeriesFlags();
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

    return [
      <ProductPicker
        key="product"
        {...field('product_id')}
        onChange={pickProduct}
        // the lookup lists the chosen series' products
        lookupFilters={values.series_id ? { series_id: values.series_id } : undefined}
        autoFocus={isNew}
        data-testid="job-product-picker"
      />,
      series && (
        <Text key="series" size="xs" c="dimmed" mt={-6}>
          Series: {series.name}
        </Text>
      ),
      ['qty', { onChange: (n: number | null) => update({ qty: n ?? 0 }) }],
      ['note', { maxRows: 6 }],
      flags.enable_dimensions && {
        stack: [
          {
            row: [
              ['opening_width', { onChange: (v: number | string | null) => enterOpening('width', v) }],
              ['opening_height', { onChange: (v: number | string | null) => enterOpening('height', v) }],
            ],
          },
          { row: ['glass_width', 'glass_height'] },
          deductions && (
            <Text key="deductions" size="xs" c="dimmed" mt={-6} data-testid="glass-deductions">
              Glass: {deductions}
            </Text>
          ),
          record && <RemeasureWarning key="remeasure" record={record} glass={{ width: values.glass_width ?? null, height: values.glass_height ?? null }} />,
        ],
      },
      'measure_date',
      hasProgressFlags(flags) && {
        row: [flags.enable_measured && 'is_measured', flags.enable_ordered && 'is_ordered', flags.enable_fabricated && 'is_fabricated'],
        grow: false,
        gap: 'xl',
      },
      canAdmin && { row: ['cost', 'revenue'] },
    ];
  },
});

function jobProductValues({ record, initial }: JobProductDialogOptions) {
  return formValues(record, {
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
  });
}
