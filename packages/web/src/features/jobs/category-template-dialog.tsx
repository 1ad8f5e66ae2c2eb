/**
 * Category Template dialog (docs/domain/jobs.md, Templates): name and client, under a "Job Templates"
 * subtitle; and the View Category Template dialog: its job templates, each going to
 * `/job_templates/{id}`.
 */
import { Button, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useId } from 'react';
import { useList, useRecord } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { NoRows } from '../../resource-kit/offline/offline-state.tsx';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { DialogActions } from '../../ui/dialog-actions.tsx';
import { ListOption } from '../../ui/list-option.tsx';
import { ModalList } from '../../ui/modal-list.tsx';
import { useModal, useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';

/** Opens the Category Template dialog; resolves with the saved category template, or null. */
export const openCategoryTemplateDialog = plainDialog('category_templates', {
  testId: 'category-template-dialog',
  right: 'jobs_admin',
  deleteConfirm: 'Delete this category template?',
  values: ({ record, initial }) => formValues(record, { name: initial?.name ?? '', client_id: initial?.client_id ?? null }),
  useFields: ({ field }) => [
    <Text key="subtitle" size="sm" c="dimmed" fw={500}>
      Job Templates
    </Text>,
    ['name', { autoFocusDelayed: true }],
    <RecordPicker key="client" resource="clients" {...field('client_id')} data-testid="category-template-client-picker" />,
  ],
});

/** What the View Category Template dialog closes with: a job template to go to. */
export type ViewCategoryTemplateResult = { open: number };

/** What View Category Template needs to open: which one, and its name for the title. */
export type CategoryTemplateRef = Pick<RecordOf<'category_templates'>, 'id' | 'name'>;

function ViewCategoryTemplate({ category }: { category: CategoryTemplateRef }) {
  const modal = useModal<ViewCategoryTemplateResult>();
  // the whole record, for Edit (opened from a row of the template list, only its id and name are known)
  const stored = useRecord('category_templates', category.id);
  const modals = useModals();
  const canEdit = useCan('edit', 'jobs_admin');
  const listId = useId();
  const templates = useList('job_templates', { resource: 'job_templates', category_template_id: category.id });
  const rows = templates.data ?? [];
  // Edit opens over this view, which closes after it (saved or deleted, the list refreshes then).
  const edit = async (record: RecordOf<'category_templates'>) => {
    await openCategoryTemplateDialog(modals, { record });
    modal.close(null);
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Job templates of this category template
      </Text>
      <ModalList label="Job templates">
        <div id={listId} {...(rows.length ? { role: 'listbox', 'aria-label': 'Job templates' } : {})}>
          {rows.map((t, i) => (
            <ListOption key={t.id} listId={listId} index={i} highlighted={false} onHighlight={() => undefined} onPick={() => modal.close({ open: t.id })}>
              <Text size="sm" fw={500}>
                {t.name}
              </Text>
            </ListOption>
          ))}
          {!rows.length && <NoRows query={templates} size="sm" ta="center" py="md" empty="No job templates yet." what="The job templates" />}
        </div>
      </ModalList>
      <DialogActions
        onCancel={() => modal.close(null)}
        canSave={false}
        extra={
          canEdit ? (
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              disabled={!stored.data}
              onClick={() => {
                if (stored.data) void edit(stored.data);
              }}
            >
              Edit
            </Button>
          ) : null
        }
      />
    </Stack>
  );
}

/** Opens View Category Template; resolves with `{ open: id }` when a job template was chosen (the caller goes to `/job_templates/{id}`). */
export function openViewCategoryTemplate(modals: ModalStackApi, category: CategoryTemplateRef): Promise<ViewCategoryTemplateResult | null> {
  return modals.push<ViewCategoryTemplateResult>(() => <ViewCategoryTemplate category={category} />, {
    title: category.name,
    testId: 'view-category-template-dialog',
  });
}
