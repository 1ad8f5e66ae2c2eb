/** The list of client types, reachable from the client screen; each opens its dialog on top. */
import { Badge, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useList } from '../../resource-kit/hooks.ts';
import { useCan } from '../../resource-kit/session-user.ts';
import { ModalList } from '../../ui/modal-list.tsx';
import { useModal, useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { openClientTypeDialog } from './client-type-dialog.tsx';

function ClientTypesList() {
  const modal = useModal();
  const modals = useModals();
  const canEdit = useCan('edit', 'clients');
  const types = useList('client_types');
  const categories = useList('product_categories');
  const categoryName = (id: number) => categories.data?.find((c) => c.id === id)?.name ?? '';

  return (
    <Stack gap="sm">
      <ModalList label="Client types">
        <Stack gap={2}>
          {(types.data ?? []).map((t) => {
            const list = t.product_category_list ?? [];
            return (
              <UnstyledButton
                key={t.id}
                onClick={() => void openClientTypeDialog(modals, { record: t })}
                px="sm"
                py={8}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                className="action-bar-button"
                data-testid="client-type-row"
              >
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
              </UnstyledButton>
            );
          })}
          {types.data?.length === 0 && (
            <Text c="dimmed" ta="center" py="lg">
              No client types yet.
            </Text>
          )}
        </Stack>
      </ModalList>
      <Group justify="space-between">
        {canEdit ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void openClientTypeDialog(modals)}>
            Add Client Type
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

export function openClientTypesDialog(modals: ModalStackApi): Promise<unknown> {
  return modals.push(() => <ClientTypesList />, { title: 'Client Types', testId: 'client-types-dialog' });
}
