import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A report card's heading: its title, and a line saying what it counts (the report table's too). */
export function CardHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div>
      <Title order={3} size="h5">
        {title}
      </Title>
      {description && (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      )}
    </div>
  );
}
