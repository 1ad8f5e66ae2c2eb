/**
 * A chart in a card (analysis, forecasting): its title, a line saying what it shows, and the chart
 * (a `@mantine/charts` chart the caller draws, its own `aria-label` naming it); an empty range says
 * so instead of drawing empty axes.
 *
 *   <ChartCard title="Revenue and cost by month" empty={months.length === 0}><BarChart … /></ChartCard>
 */
import '@mantine/charts/styles.layer.css';
import { Card, Center, Stack, Text } from '@mantine/core';
import { CardHeading } from './card-heading.tsx';
import type { ReactNode } from 'react';

export function ChartCard({
  title,
  description,
  empty,
  emptyText = 'Nothing in this range.',
  children,
  testId,
}: {
  title: string;
  description?: ReactNode;
  empty?: boolean;
  emptyText?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Stack gap="xs">
        <CardHeading title={title} description={description} />
        {empty ? (
          <Center h={200}>
            <Text size="sm" c="dimmed">
              {emptyText}
            </Text>
          </Center>
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
}
