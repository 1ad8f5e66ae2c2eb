/**
 * The shop floor's one-tap steps (docs/domain/shop-floor.md): a large button per step, filled
 * until done and then teal with a check (`aria-pressed`), busy on the step being sent (the others
 * wait), and under them the last tap's words with its Undo. Without the right to edit they only
 * show.
 *
 *   <StepButtons steps={[{ key: 'is_measured', done, label: done ? 'Measured' : 'Mark measured' }]} busy={busy}
 *     canEdit={canEdit} onTap={(step) => …} undo={last && { message: 'Marked measured.', onUndo }} testId="piece-steps" />
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconCircle, IconCircleCheck } from '@tabler/icons-react';

export interface Step<K extends string> {
  key: K;
  done: boolean;
  label: string;
}

interface StepButtonsProps<S extends Step<string>> {
  steps: readonly S[];
  /** The step being sent, if any. */
  busy: S['key'] | null;
  canEdit: boolean;
  onTap: (step: S) => void;
  /** The last tap, while it can be undone. */
  undo: { message: string; onUndo: () => void; testId: string } | null | false;
  testId: string;
}

export function StepButtons<S extends Step<string>>({ steps, busy, canEdit, onTap, undo, testId }: StepButtonsProps<S>) {
  return (
    <Stack gap="xs" data-testid={testId}>
      {steps.map((step) => (
        <Button
          key={step.key}
          size="lg"
          fullWidth
          variant={step.done ? 'light' : 'filled'}
          color={step.done ? 'teal' : undefined}
          leftSection={step.done ? <IconCircleCheck size={22} /> : <IconCircle size={22} />}
          loading={busy === step.key}
          disabled={!canEdit || (busy != null && busy !== step.key)}
          onClick={() => onTap(step)}
          aria-pressed={step.done}
        >
          {step.label}
        </Button>
      ))}
      {undo && canEdit && (
        <Group justify="space-between" data-testid={undo.testId} role="status">
          <Text size="sm">{undo.message}</Text>
          <Button variant="subtle" leftSection={<IconArrowBackUp size={16} />} onClick={undo.onUndo} disabled={busy != null}>
            Undo
          </Button>
        </Group>
      )}
    </Stack>
  );
}
