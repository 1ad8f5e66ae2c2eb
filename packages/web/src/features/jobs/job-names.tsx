/**
 * How a job's client and dates read, in the jobs list and on the job page: apart from the list
 * (jobs-page.tsx), so the job page does not load the list's code.
 */
import { formatDate } from '@glazier/shared/rules/dates';
import type { RecordOf } from '@glazier/shared/resources/records';
import { ColorSwatch, Group, Text } from '@mantine/core';

type Job = RecordOf<'jobs'>;

const NO_COLOR = '#868e96';

/** "3/4/2026 – 3/9/2026", or the one date there is. */
export function dateRange(job: Pick<Job, 'start_date' | 'end_date'>): string {
  const start = formatDate(job.start_date);
  const end = formatDate(job.end_date);
  return start && end && start !== end ? `${start} – ${end}` : start || end;
}

/** The client's colour and name; with `maxLines` (a table cell) a longer name ends in "…", the whole in its title. */
export function ClientName({ name, color, maxLines }: { name: string | null | undefined; color: string | null | undefined; maxLines?: number }) {
  if (!name) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch color={color ?? NO_COLOR} size={12} withShadow={false} aria-hidden style={{ flexShrink: 0 }} data-testid="client-color" />
      {maxLines ? (
        <Text span inherit lineClamp={maxLines} title={name}>
          {name}
        </Text>
      ) : (
        <span>{name}</span>
      )}
    </Group>
  );
}
