/**
 * Estimate Category Note dialog (docs/domain/estimating.md, Items): the note an estimate prints under one product
 * category. Only a draft estimate's notes change: otherwise the dialog is read-only.
 */
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog, type PlainDialogProps } from '../../resource-kit/form-body/plain-dialog.tsx';

interface Props extends PlainDialogProps<'estimate_category_notes'> {
  readOnly?: boolean;
  /** The category's name, to say whose note it is. */
  categoryName?: string;
}

export const openEstimateCategoryNoteDialog = plainDialog('estimate_category_notes', {
  testId: 'estimate-category-note-dialog',
  right: 'estimates',
  useEditable: (_, { readOnly }) => !readOnly,
  deleteConfirm: 'Delete this note?',
  values: ({ record, initial }: Props) =>
    formValues(record, {
      estimate_id: initial?.estimate_id ?? null,
      product_category_id: initial?.product_category_id ?? null,
      note: initial?.note ?? '',
    }),
  useFields: (_, { categoryName }) => [
    ['note', { ...(categoryName && { label: `Note for ${categoryName}` }), minRows: 3, maxRows: 10, autoFocus: true, autoFocusDelayed: false }],
  ],
});
