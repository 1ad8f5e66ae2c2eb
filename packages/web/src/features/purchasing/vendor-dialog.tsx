/**
 * Vendor dialog (docs/domain/purchasing.md, Vendors): name, contact, email, phone, and the active toggle when
 * editing. The email is enabled only with `edit users` (docs/domain/purchasing.md, Vendors; the server refuses the change
 * too); the phone is typed as digits, shown as (xxx) xxx-xxxx and stored as '1' + digits.
 */
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { PhoneField } from '../../ui/fields.tsx';
import { CheckField } from '../../ui/check-field.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextField } from '../../ui/text-field.tsx';

interface Props {
  record?: RecordOf<'vendors'> | null;
  initial?: Partial<InputOf<'vendors'>>;
  /** Runs after the vendor is deleted (its detail screen goes back to the list). */
  onDeleted?: () => void;
}

function VendorForm({ record, initial, onDeleted }: Props) {
  const canEdit = useCan('edit', 'inventory');
  const canEditEmail = useCan('edit', 'users');
  const dialog = useRecordDialog('vendors', {
    deleteConfirm: 'Delete this vendor?',
    onDeleted,
    initialValues: formValues(record, {
      name: initial?.name ?? '',
      contact_name: initial?.contact_name ?? '',
      email: initial?.email ?? '',
      phone: initial?.phone ?? '',
      active: true,
    }),
  });
  const { field, isNew } = dialog;

  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <TextField autoFocusDelayed {...field('name')} />
      <TextField autoComplete="off" {...field('contact_name')} />
      <TextField
        type="email"
        autoComplete="off"
        disabled={canEdit && !canEditEmail}
        helper={canEdit && !canEditEmail ? 'Only someone who may edit users can change the email.' : undefined}
        {...field('email')}
      />
      <PhoneField autoComplete="off" {...field('phone')} />
      {!isNew && <CheckField kind="switch" {...field('active')} />}
    </RecordDialogForm>
  );
}

/** Opens the Vendor dialog; resolves with the saved vendor, or null (cancelled or deleted). */
export function openVendorDialog(modals: ModalStackApi, options: Props = {}): Promise<RecordOf<'vendors'> | null> {
  return modals.push<RecordOf<'vendors'>>(() => <VendorForm {...options} />, { testId: 'vendor-dialog' });
}
