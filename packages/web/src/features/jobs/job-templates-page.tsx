/**
 * Job templates (`/job_templates`, `edit jobs_admin`): job templates and category templates in one
 * list. The generic page of `job_templates` pages, searches and sorts both kinds on the server as one list
 * (each row with its `type`), so this is the kit's `ResourceTable`. A job template opens its
 * screen; a category template opens View Category Template, as does one found with Find Category
 * Template (the Category Template lookup, 30 a page: docs/platform.md, Pickers and lookups).
 */
import { Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { resourceKeys } from '../../resource-kit/records/records.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { openLookup } from '../../resource-kit/pickers/lookup-dialog.tsx';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useModals } from '../../ui/modal-stack.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { openCategoryTemplateDialog, openViewCategoryTemplate, type CategoryTemplateRef } from './category-template-dialog.tsx';
import { openJobTemplateDialog } from './job-template-dialog.tsx';

export const jobTemplatePath = (id: number) => `/job_templates/${id}`;

/** A row of the combined list: a job template, or a category template (both with their client_name). */
export type TemplateRow = RecordOf<'job_templates'> & { type: 'job_template' | 'category_template' };

// The server adds `type` to every row of this list (it is not a stored field).
const typeOf = (row: RecordOf<'job_templates'>) => (row as TemplateRow).type;

const columns: Column<'job_templates'>[] = [
  {
    key: 'name',
    label: 'Name',
    sortable: true,
    // the phone has no Client column: the client goes under the name
    render: (r) => (
      <>
        {r.name}
        {r.client_name && (
          <Text fz="xs" c="dimmed" hiddenFrom="sm" data-testid="template-phone-client">
            {r.client_name}
          </Text>
        )}
      </>
    ),
  },
  {
    key: 'type',
    label: 'Type',
    // "Template" is the list's own word: a phone's narrow column says only which kind
    render: (r) => (
      <Badge variant="light" color={typeOf(r) === 'job_template' ? 'blue' : 'grape'}>
        {typeOf(r) === 'job_template' ? 'Job' : 'Category'}
        <Box component="span" visibleFrom="sm">
          {' Template'}
        </Box>
      </Badge>
    ),
  },
  { key: 'client_name', label: 'Client', visibleFrom: 'sm' },
];

export function JobTemplatesPage() {
  const modals = useModals();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCan('edit', 'jobs_admin');
  // A category template is another resource than the list's: its changes do not refresh the list by themselves.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: resourceKeys.all('job_templates') });

  const addJobTemplate = async () => {
    const saved = await openJobTemplateDialog(modals);
    if (saved) void navigate(jobTemplatePath(saved.id));
  };
  const addCategoryTemplate = async () => {
    if (await openCategoryTemplateDialog(modals)) refresh();
  };
  useScreenAction('add', canEdit ? () => void addJobTemplate() : null);

  const viewCategoryTemplate = async (category: CategoryTemplateRef) => {
    const chosen = await openViewCategoryTemplate(modals, category);
    if (chosen) void navigate(jobTemplatePath(chosen.open));
    else refresh();
  };
  const open = async (row: RecordOf<'job_templates'>) => {
    if (typeOf(row) === 'job_template') return void navigate(jobTemplatePath(row.id));
    // a category template's row of this list: its id and name open the view, which reads the rest
    await viewCategoryTemplate({ id: row.id, name: row.name });
  };
  const findCategoryTemplate = async () => {
    const found = await openLookup(modals, 'category_templates');
    if (found) await viewCategoryTemplate(found);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <ScreenTitle>Job Templates</ScreenTitle>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconSearch size={16} />} onClick={() => void findCategoryTemplate()}>
            Find Category Template
          </Button>
          {canEdit && (
            <>
              <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => void addCategoryTemplate()}>
                Add Category Template
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={() => void addJobTemplate()}>
                Add Job Template
              </Button>
            </>
          )}
        </Group>
      </Group>
      <ResourceTable
        resource="job_templates"
        columns={columns}
        onRowClick={(row) => void open(row)}
        rowKey={(row) => `${typeOf(row)}-${row.id}`}
        rowLabel={(row) => `Open ${row.name}`}
        searchPlaceholder="Search templates"
        emptyText="No templates yet."
        testId="job-templates-table"
      />
    </Stack>
  );
}
