/** The list of client types, reachable from the client screen; each opens its dialog on top. */
import { Badge, Group, Text } from '@mantine/core';
import { useList } from '../../resource-kit/records/queries.ts';
import { RecordListDialog } from '../../resource-kit/forms/record-list-dialog.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { openClientTypeDialog } from './client-type-dialog.tsx';

function ClientTypesList() {
  const modals = useModals();
  const categories = useList('product_categories');
  const categoryName = (id: number) => categories.data?.find((c) => c.id === id)?.name ?? '';

  return (
    <RecordListDialog
      resource="client_types"
      label="Client types"
      onOpen={(t) => void openClientTypeDialog(modals, { record: t })}
      onAdd={() => void openClientTypeDialog(modals)}
      canAdd={useCan('edit', 'clients')}
      addLabel="Add Client Type"
      emptyText="No client types yet."
      rowTestId="client-type-row"
      renderRow={(t) => {
        const list = t.product_category_list ?? [];
        return (
          <>
            <Text fw={500}>{t.name}</Text>
            {list.length > 0 && (
              <Group gap={4} mt={4}>
                {list.map((id) => (
                  <Badge key={id} size="xs" variant="light">
                    {categoryName(id) || `#${id}`}
                  </Badge>
                ))}
              </Group>
            )}
          </>
        );
      }}
    />
  );
}

export function openClientTypesDialog(modals: ModalStackApi): Promise<unknown> {
  return modals.push(() => <ClientTypesList />, { title: 'Client Types', testId: 'client-types-dialog' });
}
