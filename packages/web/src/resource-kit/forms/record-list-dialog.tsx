/**
 * A small list of one resource's records in a dialog (client types, material categories): each row
 * opens the record's own dialog on top, Add opens it empty, Close closes the list.
 *
 *   modals.push(() => <RecordListDialog resource="material_categories" label="Material categories"
 *     canAdd={canEdit} addLabel="Add Category" onOpen={(c) => openDialog(modals, { record: c })}
 *     onAdd={() => openDialog(modals)} emptyText="No material categories yet." rowTestId="material-category-row" />, …)
 */
import type { ResourceName } from '@glazier/shared/resources/registry';
import { Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ModalList } from '../../ui/modal-list.tsx';
import { useModal } from '../../ui/modal-stack.tsx';
import { useList } from '../records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';

export interface RecordListDialogProps<N extends ResourceName> {
  resource: N;
  /** The list's accessible name. */
  label: string;
  onOpen: (record: RecordOf<N>) => void;
  /** Shown only when the user may add (`canAdd`). */
  onAdd: () => void;
  canAdd: boolean;
  addLabel: string;
  emptyText: string;
  /** A row's content (default: its name in bold). */
  renderRow?: (record: RecordOf<N>) => ReactNode;
  rowTestId?: string;
}

export function RecordListDialog<N extends ResourceName>(props: RecordListDialogProps<N>) {
  const modal = useModal();
  const list = useList(props.resource);
  const rows = (list.data ?? []) as (RecordOf<N> & { name?: string })[];

  return (
    <Stack gap="sm">
      <ModalList label={props.label}>
        <Stack gap={2}>
          {rows.map((r) => (
            <UnstyledButton
              key={r.id}
              onClick={() => props.onOpen(r)}
              px="sm"
              py={8}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              className="action-bar-button"
              data-testid={props.rowTestId}
            >
              {props.renderRow ? props.renderRow(r) : <Text fw={500}>{r.name}</Text>}
            </UnstyledButton>
          ))}
          {list.data?.length === 0 && (
            <Text c="dimmed" ta="center" py="lg">
              {props.emptyText}
            </Text>
          )}
        </Stack>
      </ModalList>
      <Group justify="space-between">
        {props.canAdd ? (
          <Button leftSection={<IconPlus size={16} />} onClick={props.onAdd}>
            {props.addLabel}
          </Button>
        ) : (
          <span />
        )}
        <Button variant="default" onClick={() => modal.close(null)}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
