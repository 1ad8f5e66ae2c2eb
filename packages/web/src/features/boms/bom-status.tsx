/** A bom's state (platform.md 4): pulled when pulled_at has a value, otherwise open. */
import { Badge } from '@mantine/core';

export function BomStatusBadge({ bom }: { bom: { pulled_at?: string | null } }) {
  return bom.pulled_at ? (
    <Badge color="green" variant="light" data-testid="bom-status">
      Pulled
    </Badge>
  ) : (
    <Badge color="blue" variant="light" data-testid="bom-status">
      Open
    </Badge>
  );
}
