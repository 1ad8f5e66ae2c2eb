/** An estimate's status as a badge (docs/domain/estimating.md, Status), an older revision marked as such. */
import { ESTIMATE_STATUS_LABELS, type EstimateStatus } from '@glazier/shared/rules/estimating/estimate-status';
import { Badge, Group } from '@mantine/core';

const COLORS: Record<EstimateStatus, string> = { draft: 'gray', open: 'blue', won: 'green', lost: 'red' };
/** A narrow phone column never cuts the word. */
const NO_CLIP = { label: { overflow: 'visible' } } as const;

export function EstimateStatusBadge({ estimate }: { estimate: { status?: EstimateStatus | null; superseded_at?: string | null } }) {
  const status = estimate.status ?? 'draft';
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={COLORS[status]} variant="light" styles={NO_CLIP} data-testid="estimate-status">
        {ESTIMATE_STATUS_LABELS[status]}
      </Badge>
      {estimate.superseded_at && (
        <Badge color="gray" variant="outline" styles={NO_CLIP}>
          Older revision
        </Badge>
      )}
    </Group>
  );
}
