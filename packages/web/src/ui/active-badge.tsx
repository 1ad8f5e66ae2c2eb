/** The Active / Inactive status of a record in lists, the same everywhere. */
import { Badge } from '@mantine/core';

export function ActiveBadge({ active }: { active: unknown }) {
  return active ? (
    <Badge variant="light" color="teal">
      Active
    </Badge>
  ) : (
    <Badge variant="light" color="gray">
      Inactive
    </Badge>
  );
}
