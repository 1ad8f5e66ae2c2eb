/**
 * Vendor dialog (docs/domain/purchasing.md, Vendors): name, contact, email, phone, and the active toggle when
 * editing. The email is enabled only with `edit users` (docs/domain/purchasing.md, Vendors; the server refuses the change
 * too); the phone is typed as digits, shown as (xxx) xxx-xxxx and stored as '1' + digits.
 */
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';

/** Opens the Vendor dialog; resolves with the saved vendor, or null (cancelled or deleted). */
export const openVendorDialog = plainDialog('vendors', {
  testId: 'vendor-dialog',
  right: 'inventory',
  deleteConfirm: 'Delete this vendor?',
  values: ({ record, initial }) =>
    formValues(record, {
      name: initial?.name ?? '',
      contact_name: initial?.contact_name ?? '',
      email: initial?.email ?? '',
      phone: initial?.phone ?? '',
      active: true,
    }),
  useFields: function useVendorFields({ isNew }, { canEdit }) {
    const canEditEmail = useCan('edit', 'users');
    const emailLocked = canEdit && !canEditEmail;
    return [
      'name',
      ['contact_name', { autoComplete: 'off' }],
      ['email', { autoComplete: 'off', disabled: emailLocked, helper: emailLocked ? 'Only someone who may edit users can change the email.' : undefined }],
      ['phone', { autoComplete: 'off' }],
      !isNew && 'active',
    ];
  },
});
