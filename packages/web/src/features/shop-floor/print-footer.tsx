/** The foot of a label choice (Print Options, Print Labels across jobs): how many labels, a way back, Print Labels. */
import { Button, Group, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export const labelCount = (n: number) => (n === 1 ? '1 label' : `${n} labels`);

export function PrintFooter({ count, back, onPrint }: { count: number; back: ReactNode; onPrint: () => void }) {
  return (
    <Group justify="space-between" gap="xs" mt="sm">
      <Text size="sm" data-testid="print-count">
        {labelCount(count)}
      </Text>
      <Group gap="xs">
        {back}
        <Button leftSection={<IconPrinter size={16} />} disabled={count === 0} onClick={onPrint}>
          Print Labels
        </Button>
      </Group>
    </Group>
  );
}
