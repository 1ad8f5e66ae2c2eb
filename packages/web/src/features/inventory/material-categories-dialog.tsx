/** The list of material categories, reachable from the inventory screen; each opens its dialog on top. */
import { Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useList } from '../../resource-kit/hooks.ts';
import { useCan } from '../../resource-kit/session-user.ts';
import { ModalList } from '../../ui/modal-list.tsx';
import { useModal, useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { openMaterialCategoryDialog } from './material-category-dialog.tsx';

function MaterialCategoriesList() {
  const modal = useModal();
  const modals = useModals();
  const canEdit = useCan('edit', 'inventory');
  const categories = useList('material_categories');

  return (
    <Stack gap="sm">
      <ModalList label="Material categories">
        <Stack gap={2}>
          {(categories.data ?? []).map((c) => (
            <UnstyledButton
              key={c.id}
              onClick={() => void openMaterialCategoryDialog(modals, { record: c })}
              px="sm"
              py={8}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              className="action-bar-button"
              data-testid="material-category-row"
            >
              <Text fw={500}>{c.name}</Text>
            </UnstyledButton>
          ))}
          {categories.data?.length === 0 && (
            <Text c="dimmed" ta="center" py="lg">
              No material categories yet.
            </Text>
          )}
        </Stack>
      </ModalList>
      <Group justify="space-between">
        {canEdit ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void openMaterialCategoryDialog(modals)}>
            Add Category
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

export function openMaterialCategoriesDialog(modals: ModalStackApi): Promise<unknown> {
  return modals.push(() => <MaterialCategoriesList />, { title: 'Material Categories', testId: 'material-categories-dialog' });
}
