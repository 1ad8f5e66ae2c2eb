/**
 * The form of a dialog and its footer.
 *
 * `DialogForm` is the `<form>` every dialog with fields uses: Enter walks the fields and submits on
 * the last one (focus-next.ts), and the footer stays in view (at the bottom of the screen on a
 * phone, where dialogs are full-screen) however long the form is.
 *
 * `DialogActions` is the usual footer of a record dialog: Delete on the left (when given), Cancel
 * and Save on the right. Saving shows the app's one busy indicator (useLoader), not a second
 * spinner in the button.
 */
import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import classes from './dialog.module.css';
import { enterInForm } from './focus-next.ts';

export interface DialogFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The buttons (usually `<DialogActions>`), kept in view at the bottom. */
  footer: ReactNode;
  children: ReactNode;
}

export function DialogForm({ onSubmit, footer, children }: DialogFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} onKeyDown={enterInForm} className={classes.form}>
      <Stack gap="sm">{children}</Stack>
      <div className={classes.footer} data-testid="dialog-footer">
        {footer}
      </div>
    </form>
  );
}

export interface DialogActionsProps {
  onCancel: () => void;
  onDelete?: (() => void) | null;
  /** Hide Save (read-only dialog). */
  canSave?: boolean;
  saveLabel?: string;
  /** Save shown but not clickable (e.g. while an upload goes; Cancel stays). */
  saveDisabled?: boolean;
  /** Extra buttons between Delete and Cancel. */
  extra?: ReactNode;
}

export function DialogActions({ onCancel, onDelete, canSave = true, saveLabel = 'Save', saveDisabled = false, extra }: DialogActionsProps) {
  return (
    <Group justify="space-between" gap="xs">
      <Group gap="xs">
        {onDelete && (
          <Button color="red" variant="subtle" onClick={onDelete}>
            Delete
          </Button>
        )}
        {extra}
      </Group>
      <Group gap="xs" ml="auto">
        <Button variant="default" onClick={onCancel}>
          {canSave ? 'Cancel' : 'Close'}
        </Button>
        {canSave && (
          <Button type="submit" disabled={saveDisabled}>
            {saveLabel}
          </Button>
        )}
      </Group>
    </Group>
  );
}
