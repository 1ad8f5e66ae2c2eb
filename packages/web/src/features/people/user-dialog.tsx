/**
 * User dialog (docs/domain/people.md, Users): name, email, phone, role, active, can be scheduled, and the
 * password pair for a new user or after Change Password.
 *
 * - Role: hidden when editing oneself; disabled without `edit users`. Supervisor forces and locks
 *   can_be_scheduled.
 * - Without `edit users` another user's record is read-only (values as text, title "User"); one's
 *   own Profile keeps name, email, phone and password editable for every role (the server's
 *   SELF_EDITABLE_USER_FIELDS).
 * - One's own Profile ends with the calendar feeds (the schedule's section, by name), then their
 *   passkeys, authenticator app and signed-in browsers (resource-kit/security).
 * - An admin can reset another person's sign-in factors (lost phone): audited, and they are emailed.
 * - Delete (with the spec's confirmation) for existing users other than oneself; admins can issue
 *   a one-time password reset link.
 */
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { SELF_EDITABLE_USER_FIELDS, alwaysSchedulable } from '@glazier/shared/rules/people/users';
import { ROLE_LABELS, ROLES } from '@glazier/shared/permissions';
import { phoneToStored } from '@glazier/shared/rules/phone';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { Button, CopyButton, Loader, Stack, Text, TextInput } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { reportError, useConfirmedRun } from '../../resource-kit/forms/error-mapper.tsx';
import { AreaSection } from '../../resource-kit/forms/area-sections.tsx';
import { callAction } from '../../resource-kit/http/actions.ts';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';
import { useCan, useCurrentUser } from '../../resource-kit/http/session-user.ts';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useLoader } from '../../ui/loader.tsx';

/** One's own sign-in sections (resource-kit/security): their own chunk, with the QR code and WebAuthn libraries. */
const ProfileSecurity = lazy(() => import('../../resource-kit/security/profile-security.tsx'));

export const DELETE_USER_CONFIRMATION = 'Delete this user along with all the notes, photos, and files they have created?';

/** Whether the dialog shows the person signed in (their Profile). */
function useIsSelf(record: RecordOf<'users'> | null | undefined) {
  const me = useCurrentUser();
  return record != null && record.id === me?.id;
}

/** Opens Add/Edit User, or a Profile by `id` (the user read first); resolves with the saved user, or null. */
export const openUserDialog = plainDialog('users', {
  testId: 'user-dialog',
  right: 'users',
  load: 'id',
  deleteConfirm: DELETE_USER_CONFIRMATION,
  values: ({ record }) => ({
    ...formValues(record, { name: '', email: '', number: '', role: 'employee', active: true, can_be_scheduled: false }),
    password: '',
    password_confirmation: '',
  }),
  useTransform: function useUserBody({ record }) {
    const canEditUsers = useCan('edit', 'users');
    const isSelf = useIsSelf(record);
    return (v) => {
      const body: InputOf<'users'> = { ...v, number: phoneToStored(v.number) };
      if (alwaysSchedulable(v.role)) body.can_be_scheduled = true;
      if (!body.password) {
        delete body.password;
        delete body.password_confirmation;
      }
      if (!canEditUsers) for (const k of Object.keys(body)) if (!SELF_EDITABLE_USER_FIELDS.includes(k)) delete body[k as keyof typeof body];
      if (isSelf) delete body.role;
      return body;
    };
  },
  useAccess: function useUserAccess(_dialog, { record, hasRight }) {
    const isSelf = useIsSelf(record);
    return { canSave: hasRight || isSelf, canDelete: hasRight && !isSelf };
  },
  useFields: function useUserFields({ form, isNew }, { record, hasRight: canEditUsers }) {
    const isSelf = useIsSelf(record);
    const [changingPassword, setChangingPassword] = useState(record == null);
    const values = form.getValues();
    const supervisor = alwaysSchedulable(values.role);
    // Name, email and phone: editable by user editors, and by anyone on themself.
    const contact = { readOnly: !canEditUsers && !isSelf, autoComplete: 'off' };
    return [
      ['name', contact],
      ['email', contact],
      ['number', { readOnly: contact.readOnly }],
      !isSelf && [
        'role',
        {
          data: ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] })),
          onChange: (r: string | null) => {
            const role = ROLES.find((known) => known === r);
            if (!role) return;
            form.setFieldValue('role', role);
            if (alwaysSchedulable(role)) form.setFieldValue('can_be_scheduled', true);
          },
          readOnly: !canEditUsers,
        },
      ],
      [
        'can_be_scheduled',
        {
          description: supervisor ? 'Supervisors can always be scheduled.' : undefined,
          checked: supervisor || values.can_be_scheduled,
          disabled: supervisor && canEditUsers,
          readOnly: !canEditUsers,
        },
      ],
      !isNew && !isSelf && ['active', { readOnly: !canEditUsers }],
      changingPassword && 'password',
      changingPassword && 'password_confirmation',
      !changingPassword && (canEditUsers || isSelf) && (
        <Button key="change-password" variant="light" w="fit-content" onClick={() => setChangingPassword(true)}>
          Change Password
        </Button>
      ),
      // one's own calendar feeds (the schedule's section): they act at once, apart from Save
      isSelf && <AreaSection key="feeds" name="calendarFeeds" />,
      // one's own passkeys, authenticator app and signed-in browsers: they act at once too
      isSelf && (
        <Suspense key="security" fallback={<Loader size="sm" role="status" aria-label="Loading" />}>
          <ProfileSecurity />
        </Suspense>
      ),
    ];
  },
  useExtra: function useResetLink({ isNew }, { record, hasRight }) {
    const dialogs = useDialogs();
    const loader = useLoader();
    const confirmedRun = useConfirmedRun();
    const isSelf = useIsSelf(record);
    if (isNew || isSelf || !hasRight || !record) return null;
    const resetLink = async () => {
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
    // Lost phone: the person's passkeys, authenticator and recovery codes go, and every browser of theirs is signed out.
    const resetSignIn = async () => {
      await confirmedRun(
        `Remove ${record.name}'s passkeys, authenticator app and recovery codes, and sign them out everywhere? They sign in with their password next, and are emailed about it.`,
        { confirmLabel: 'Reset sign-in', title: 'Reset sign-in', danger: true },
        async () => (await callAction(ACTION_ROUTES['users.reset_factors'], { params: { id: record.id } }), true),
        `${record.name}'s sign-in was reset.`,
      );
    };
    return (
      <>
        <Button variant="subtle" onClick={() => void resetLink()}>
          Reset link
        </Button>
        <Button variant="subtle" color="red" onClick={() => void resetSignIn()} data-testid="reset-factors">
          Reset sign-in
        </Button>
      </>
    );
  },
});
