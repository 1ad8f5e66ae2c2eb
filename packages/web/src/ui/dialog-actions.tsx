/** The footer of a record dialog: Delete on the left (when given), Cancel and Save on the right. */
import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DialogActionsProps {
  onCancel: () => void;
  onDelete?: (() => void) | null;
  /** Hide Save (read-only dialog). */
  canSave?: boolean;
  saving?: boolean;
  saveLabel?: string;
  /** Extra buttons between Delete and Cancel. */
  extra?: ReactNode;
}

export function DialogActions({ onCancel, onDelete, canSave = true, saving, saveLabel = 'Save', extra }: DialogActionsProps) {
  return (
    <Group justify="space-between" mt="md" gap="xs">
      <Group gap="xs">
        {onDelete && (
          <Button color="red" variant="subtle" onClick={onDelete}>
            Delete
          </Button>
        )}
        {extra}
      </Group>
      <Group gap="xs" ml="auto">
        <Button variant="default" onClick={onCancel}>
          {canSave ? 'Cancel' : 'Close'}
        </Button>
        {canSave && (
          <Button type="submit" loading={saving}>
            {saveLabel}
          </Button>
        )}
      </Group>
    </Group>
  );
}
