/** A job's or an estimate's notes, newest first; a click opens the Note dialog. */
import { formatDate } from '@glazier/shared/rules/dates';
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useModals } from '../../ui/modal-stack.tsx';
import { useList } from '../records/queries.ts';
import { openNoteDialog } from './attachment-dialogs.ts';
import { isEstimateParent, parentQuery, shownFromEstimate, type AttachmentParent } from './parent.ts';
import { SectionState } from './section-state.tsx';

export function NotesSection({ parent }: { parent: AttachmentParent }) {
  const modals = useModals();
  const list = useList('notes', parentQuery(parent, 'notes'));
  const notes = list.data ?? [];
  return (
    <SectionState query={list} empty="No notes yet.">
      <Stack gap="xs" data-testid="notes-list">
        {notes.map((n) => (
          <Paper key={n.id} withBorder radius="sm" p={0}>
            <UnstyledButton w="100%" p="sm" onClick={() => void openNoteDialog(modals, { record: n })} aria-label={`Note: ${n.note.slice(0, 60)}`}>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{n.note}</Text>
              <Group gap="xs" mt={4}>
                <Text size="xs" c="dimmed">
                  {formatDate(n.created_at ?? n.date)}
                </Text>
                {n.internal_only && (
                  <Badge size="xs" variant="light" color="gray">
                    Internal
                  </Badge>
                )}
                {isEstimateParent(parent) && n.show_on_job && (
                  <Badge size="xs" variant="light">
                    Shown on Job
                  </Badge>
                )}
                {shownFromEstimate(parent, n) && (
                  <Badge size="xs" variant="light">
                    From the Estimate
                  </Badge>
                )}
              </Group>
            </UnstyledButton>
          </Paper>
        ))}
      </Stack>
    </SectionState>
  );
}
