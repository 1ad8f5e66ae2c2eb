/**
 * User dialog (docs/domain/people.md, Users): name, email, phone, role, active, can be scheduled, and the
 * password pair for a new user or after Change Password.
 *
 * - Role: hidden when editing oneself; disabled without `edit users`. Supervisor forces and locks
 *   can_be_scheduled.
 * - Without `edit users` another user's record is read-only (values as text, title "User"); one's
 *   own Profile keeps name, email, phone and password editable for every role (the server's
 *   SELF_EDITABLE_USER_FIELDS).
 * - One's own Profile ends with the calendar feeds (the schedule's section, by name).
 * - Delete (with the spec's confirmation) for existing users other than oneself; admins can issue
 *   a one-time password reset link.
 */
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { SELF_EDITABLE_USER_FIELDS, alwaysSchedulable } from '@glazier/shared/rules/people/users';
import { ROLE_LABELS, ROLES } from '@glazier/shared/permissions';
import { phoneToStored } from '@glazier/shared/rules/phone';
import { Button, Center, CopyButton, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { reportError } from '../../resource-kit/forms/error-mapper.tsx';
import { AreaSection } from '../../resource-kit/forms/area-sections.tsx';
import { useRecord } from '../../resource-kit/records/queries.ts';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { callAction } from '../../resource-kit/http/actions.ts';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import { useCan, useCurrentUser } from '../../resource-kit/http/session-user.ts';
import { useDialogs } from '../../ui/dialogs.tsx';
import { PhoneField } from '../../ui/fields.tsx';
import { CheckField } from '../../ui/check-field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { useLoader } from '../../ui/loader.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { PasswordField, TextField } from '../../ui/text-field.tsx';

export const DELETE_USER_CONFIRMATION = 'Delete this user along with all the notes, photos, and files they have created?';

type User = RecordOf<'users'>;

function UserForm({ record, title }: { record: User | null; title?: string }) {
  const dialogs = useDialogs();
  const loader = useLoader();
  const me = useCurrentUser();
  const canEditUsers = useCan('edit', 'users');
  const isSelf = record != null && record.id === me?.id;
  const [changingPassword, setChangingPassword] = useState(record == null);

  const dialog = useRecordDialog('users', {
    deleteConfirm: DELETE_USER_CONFIRMATION,
    initialValues: {
      ...formValues(record, {
        name: '',
        email: '',
        number: '',
        role: 'employee',
        active: true,
        can_be_scheduled: false,
      }),
      password: '',
      password_confirmation: '',
    },
    transform: (v) => {
      const body: InputOf<'users'> = { ...v, number: phoneToStored(v.number) };
      if (alwaysSchedulable(v.role)) body.can_be_scheduled = true;
      if (!body.password) {
        delete body.password;
        delete body.password_confirmation;
      }
      if (!canEditUsers) for (const k of Object.keys(body)) if (!SELF_EDITABLE_USER_FIELDS.includes(k)) delete body[k as keyof typeof body];
      if (isSelf) delete body.role;
      return body;
    },
  });
  const { form, field, labelOf, isNew } = dialog;
  const values = form.getValues();
  const supervisor = alwaysSchedulable(values.role);
  // Name, email and phone: editable by user editors, and by anyone on themself.
  const contactReadOnly = !canEditUsers && !isSelf;

  const resetLink = async () => {
    if (!record) return;
    try {
      const { url } = await loader.run(callAction(ACTION_ROUTES['users.reset_link'], { params: { id: record.id } }));
      const full = new URL(url, window.location.origin).toString();
      await dialogs.alert(
        <Stack gap="sm">
          <Text size="sm">Send this one-time link to {record.name}. It lets them choose a new password.</Text>
          <TextInput value={full} readOnly aria-label="Reset link" onFocus={(e) => e.currentTarget.select()} data-testid="reset-link" />
          <CopyButton value={full}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} w="fit-content">
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Stack>,
        'Password reset link',
      );
    } catch (e) {
      reportError(e);
    }
  };

  return (
    <RecordDialogForm
      dialog={dialog}
      canSave={canEditUsers || isSelf}
      canDelete={!isSelf && canEditUsers}
      title={title}
      extra={
        !isNew && !isSelf && canEditUsers ? (
          <Button variant="subtle" onClick={() => void resetLink()}>
            Reset link
          </Button>
        ) : undefined
      }
    >
      <TextField autoComplete="off" autoFocusDelayed readOnly={contactReadOnly} {...field('name')} />
      <TextField type="email" autoComplete="off" readOnly={contactReadOnly} {...field('email')} />
      <PhoneField readOnly={contactReadOnly} {...field('number')} />
      {!isSelf && (
        <SelectField
          label={labelOf('role')}
          data={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          value={values.role}
          onChange={(r) => {
            const role = ROLES.find((known) => known === r);
            if (!role) return;
            form.setFieldValue('role', role);
            if (alwaysSchedulable(role)) form.setFieldValue('can_be_scheduled', true);
          }}
          error={form.errors.role}
          readOnly={!canEditUsers}
        />
      )}
      <CheckField
        label={labelOf('can_be_scheduled')}
        description={supervisor ? 'Supervisors can always be scheduled.' : undefined}
        checked={supervisor || values.can_be_scheduled}
        disabled={supervisor && canEditUsers}
        readOnly={!canEditUsers}
        onChange={(e) => form.setFieldValue('can_be_scheduled', e.currentTarget.checked)}
      />
      {!isNew && !isSelf && <CheckField kind="switch" readOnly={!canEditUsers} {...field('active')} />}
      {changingPassword ? (
        <>
          <PasswordField autoComplete="new-password" {...field('password')} />
          <PasswordField autoComplete="new-password" {...field('password_confirmation')} />
        </>
      ) : (
        (canEditUsers || isSelf) && (
          <Button variant="light" w="fit-content" onClick={() => setChangingPassword(true)}>
            Change Password
          </Button>
        )
      )}
      {/* one's own calendar feeds (the schedule's section): they act at once, apart from Save */}
      {isSelf && <AreaSection name="calendarFeeds" />}
    </RecordDialogForm>
  );
}

/** Loads the user when only the id is known (Profile), then shows the form. */
function UserDialogBody({ id, record, title }: { id?: number; record?: User | null; title?: string }) {
  const query = useRecord('users', record ? null : (id ?? null));
  const rec = record ?? query.data ?? null;
  if (id && !record && !query.data) {
    return <Center py="lg">{query.isError ? <Text c="red">Could not load this user.</Text> : <Loader role="status" aria-label="Loading user" />}</Center>;
  }
  return <UserForm record={rec} title={title} />;
}

export function openUserDialog(modals: ModalStackApi, props: { id?: number; record?: User | null; title?: string } = {}): Promise<User | null> {
  const editing = Boolean(props.id || props.record);
  // Until the record is loaded; then the form sets Add User / Edit User / User (read-only) / the given title.
  return modals.push<User>(() => <UserDialogBody id={props.id} record={props.record} title={props.title} />, {
    title: props.title ?? (editing ? 'User' : 'Add User'),
    testId: 'user-dialog',
  });
}
