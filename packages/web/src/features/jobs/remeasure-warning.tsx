/**
 * Re-measuring glass already ordered: the order went to the vendor at the old size, and
 * a new measure does not change it. Shown in the job product dialog once the glass size differs
 * from the one saved while the product is ordered, naming the order when this user may see it.
 */
import type { RecordOf } from '@glazier/shared/resources/records';
import { formatSize } from '@glazier/shared/rules/shop-floor/measure-to-cut';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useList } from '../../resource-kit/records/queries.ts';

interface Props {
  record: RecordOf<'job_products'>;
  glass: { width: number | null; height: number | null };
}

// Mantine's yellow title reads at 3.8:1 on its light yellow; the text colour reads at 4.5:1 and more.
const TITLE_READS = { title: { color: 'var(--mantine-color-text)' } };

export function RemeasureWarning({ record, glass }: Props) {
  const canSeeOrders = useCan('view', 'purchase_orders');
  const remeasured = record.is_ordered && record.glass_width != null && (glass.width !== record.glass_width || glass.height !== record.glass_height);
  const lines = useList('purchase_order_materials', { job_product_id: record.id }, { enabled: remeasured && canSeeOrders });
  if (!remeasured) return null;
  const numbers = [...new Set((lines.data ?? []).map((l) => l.purchase_order_number).filter((n) => n != null))];
  return (
    <Alert
      color="yellow"
      variant="light"
      title="This glass is already ordered"
      icon={<IconAlertTriangle size={18} />}
      styles={TITLE_READS}
      data-testid="remeasure-warning"
    >
      It was ordered at {formatSize(record.glass_width, record.glass_height)}
      {numbers.length ? ` on PO ${numbers.join(', PO ')}` : ''}. A new measure does not change the order: tell the vendor, or order the piece again.
    </Alert>
  );
}
