/** A bom's state (docs/domain/inventory.md, Boms): pulled when pulled_at has a value, otherwise open. */
import { Badge } from '@mantine/core';

/** A narrow phone column never cuts the word. */
const NO_CLIP = { label: { overflow: 'visible' } } as const;

export function BomStatusBadge({ bom }: { bom: { pulled_at?: string | null } }) {
  return bom.pulled_at ? (
    <Badge color="green" variant="light" styles={NO_CLIP} data-testid="bom-status">
      Pulled
    </Badge>
  ) : (
    <Badge color="blue" variant="light" styles={NO_CLIP} data-testid="bom-status">
      Open
    </Badge>
  );
}
