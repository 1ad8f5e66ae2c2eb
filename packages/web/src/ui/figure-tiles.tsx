/**
 * A row of figures, each a small labelled tile (an estimate's totals, a revision's totals before
 * and after): two a row on phones, all in one row from `sm`.
 *
 *   <FigureTiles figures={[{ label: 'Total', value: '$1,050.00' }, { label: 'Margin', value: '46.8%' }]} testId="estimate-totals" />
 *
 * Each value carries `data-testid` "figure-<label in kebab case>".
 */
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Figure {
  label: string;
  value: ReactNode;
}

const kebab = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function FigureTiles({ figures, testId }: { figures: Figure[]; testId?: string }) {
  return (
    <SimpleGrid cols={{ base: Math.min(2, figures.length), sm: figures.length }} spacing="sm" data-testid={testId}>
      {figures.map((f) => (
        <Paper key={f.label} withBorder p="xs" radius="sm">
          <Text fz="xs" c="dimmed">
            {f.label}
          </Text>
          <Text fw={700} data-testid={`figure-${kebab(f.label)}`}>
            {f.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
