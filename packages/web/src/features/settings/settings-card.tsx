/** One card of the Settings screen: its heading, a line on what it is for (when it needs one), and its content. */
import { Card, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function SettingsCard({ title, description, testId, children }: { title: string; description?: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid={testId}>
      <Title order={4} mb={description ? 0 : 'xs'}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      )}
      {children}
    </Card>
  );
}
