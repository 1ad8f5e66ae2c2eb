/** A job's or an estimate's PDFs: each opens in a new tab; Edit opens the File dialog. */
import { formatDate } from '@glazier/shared/rules/dates';
import { ActionIcon, Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconPencil } from '@tabler/icons-react';
import { useModals } from '../../ui/modal-stack.tsx';
import { useList } from '../records/queries.ts';
import { openFileDialog } from './attachment-dialogs.ts';
import { isEstimateParent, parentQuery, shownFromEstimate, useCanEditAttachment, type AttachmentParent } from './parent.ts';
import { SectionState } from './section-state.tsx';

const kb = (bytes: number | null | undefined) =>
  bytes == null ? '' : bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function FilesSection({ parent }: { parent: AttachmentParent }) {
  const modals = useModals();
  const canEdit = useCanEditAttachment('files');
  const list = useList('files', parentQuery(parent, 'files'));
  return (
    <SectionState query={list} empty="No files yet.">
      <Stack gap="xs" data-testid="files-list">
        {(list.data ?? []).map((f) => (
          <Paper key={f.id} withBorder radius="sm" p="sm">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconFileTypePdf size={24} aria-hidden />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor href={f.url ?? undefined} target="_blank" rel="noopener" style={{ overflowWrap: 'anywhere' }}>
                    {f.description}
                  </Anchor>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {[
                      f.path,
                      kb(f.size),
                      formatDate(f.created_at),
                      isEstimateParent(parent) && f.show_on_job ? 'Shown on Job' : '',
                      shownFromEstimate(parent, f) ? 'From the Estimate' : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Stack>
              </Group>
              {canEdit(f) && (
                <ActionIcon variant="subtle" aria-label={`Edit ${f.description}`} onClick={() => void openFileDialog(modals, { record: f })}>
                  <IconPencil size={18} />
                </ActionIcon>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
    </SectionState>
  );
}
