import { isBelowReorder } from '@glazier/shared/rules/inventory/stock';
import { Badge } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { RecordOf } from '@glazier/shared/resources/records';

/** Marks a material below its reorder point in words and with an icon, not by colour alone. */
export function ReorderBadge({ material }: { material: RecordOf<'materials'> }) {
  if (!isBelowReorder(material)) return null;
  return (
    <Badge
      size="sm"
      color="orange"
      variant="light"
      leftSection={<IconAlertTriangle size={12} aria-hidden />}
      // A label that may not shrink: a narrow table column widens for the word instead of cutting it.
      styles={{ label: { overflow: 'visible' } }}
      data-testid="below-reorder"
    >
      Reorder
    </Badge>
  );
}
