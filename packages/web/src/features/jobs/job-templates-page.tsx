/**
 * Job templates (`/job_templates`, `edit jobs_admin`): job templates and category templates in one
 * list (`GET /api/job_templates` answers both, each with its `type`). That list is not paged by the
 * server (templates are few; it caps at 1,000), so it is paged here. A job template opens its
 * screen; a category template opens View Category Template.
 */
import { Badge, Button, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useList, type RecordOf } from '../../resource-kit/hooks.ts';
import { useCan } from '../../resource-kit/session-user.ts';
import { useModals } from '../../ui/modal-stack.tsx';
import { Pager } from '../../ui/pager.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { openCategoryTemplateDialog, openViewCategoryTemplate } from './category-template-dialog.tsx';
import { openJobTemplateDialog } from './job-template-dialog.tsx';

export const jobTemplatePath = (id: number) => `/job_templates/${id}`;
const PER_PAGE = 20;

/** A row of the combined list: a job template, or a category template (which has no client name). */
export type TemplateRow = RecordOf<'job_templates'> & { type: 'job_template' | 'category_template' };

/** One page of the combined list, by name. */
export function templatePage(rows: TemplateRow[], pageNo: number, perPage = PER_PAGE): { rows: TemplateRow[]; lastPage: number } {
  const sorted = [...rows].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.type.localeCompare(b.type) || a.id - b.id);
  const lastPage = Math.max(1, Math.ceil(sorted.length / perPage));
  const page = Math.min(Math.max(1, pageNo), lastPage);
  return { rows: sorted.slice((page - 1) * perPage, page * perPage), lastPage };
}

export function JobTemplatesPage() {
  const modals = useModals();
  const navigate = useNavigate();
  const canEdit = useCan('edit', 'jobs_admin');
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const [pageNo, setPageNo] = useState(1);
  useEffect(() => setPageNo(1), [search]);
  const list = useList('job_templates', search ? { search } : {});
  const all = (list.data ?? []) as TemplateRow[];
  const { rows, lastPage } = templatePage(all, pageNo);

  const addJobTemplate = async () => {
    const saved = await openJobTemplateDialog(modals);
    if (saved) void navigate(jobTemplatePath(saved.id));
  };
  // A category template is another resource than the list's: its changes do not refresh the list by themselves.
  const addCategoryTemplate = async () => {
    await openCategoryTemplateDialog(modals);
    void list.refetch();
  };
  useScreenAction('add', canEdit ? () => void addJobTemplate() : null);

  const open = async (row: TemplateRow) => {
    if (row.type === 'job_template') return void navigate(jobTemplatePath(row.id));
    const chosen = await openViewCategoryTemplate(modals, { id: row.id, name: row.name ?? '', client_id: row.client_id as number, updated_at: row.updated_at } as RecordOf<'category_templates'>);
    if (chosen) void navigate(jobTemplatePath(chosen.open));
    else void list.refetch();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <ScreenTitle>Job Templates</ScreenTitle>
        {canEdit && (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => void addCategoryTemplate()}>
              Add Category Template
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => void addJobTemplate()}>
              Add Job Template
            </Button>
          </Group>
        )}
      </Group>
      <TextField
        aria-label="Search templates"
        placeholder="Search templates"
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        enterNext={false}
      />
      <Table highlightOnHover data-testid="job-templates-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th visibleFrom="sm">Client</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.type}-${r.id}`} data-testid="template-row">
              <Table.Td>
                <UnstyledButton onClick={() => void open(r)} fw={500} fz="sm" aria-label={`Open ${r.name}`}>
                  {r.name}
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={r.type === 'job_template' ? 'blue' : 'grape'}>
                  {r.type === 'job_template' ? 'Job Template' : 'Category Template'}
                </Badge>
              </Table.Td>
              <Table.Td visibleFrom="sm">{r.client_name ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!rows.length && (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          {list.isLoading ? 'Loading…' : list.isError ? 'Could not load the list.' : search ? `Nothing matches “${search}”.` : 'No templates yet.'}
        </Text>
      )}
      {lastPage > 1 && <Pager value={Math.min(pageNo, lastPage)} onChange={setPageNo} total={lastPage} />}
    </Stack>
  );
}
