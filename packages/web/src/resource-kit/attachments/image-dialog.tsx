/** Image dialog: an image's description; edit and delete by `edit images` or its uploader, an estimate's with `edit estimates` too (docs/domain/jobs.md, Notes, files and images). */
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../forms/record-dialog.tsx';
import type { RecordDialogOptions } from '../forms/record-dialogs.ts';
import { useCanEditAttachment } from './parent.ts';

function ImageForm({ record }: { record: RecordOf<'images'> }) {
  const canEdit = useCanEditAttachment('images')(record);
  const dialog = useRecordDialog('images', {
    deleteConfirm: 'Delete this image?',
    initialValues: formValues(record, { description: '' }),
  });
  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <TextField label="Description" autoFocusDelayed {...dialog.form.getInputProps('description')} />
    </RecordDialogForm>
  );
}

/** Opens a saved image's dialog; new images come through the Images dialog (`addImages`). */
export async function openImageDialog(modals: ModalStackApi, options: RecordDialogOptions<'images'> = {}): Promise<RecordOf<'images'> | null> {
  const { record } = options;
  if (!record) {
    const { openImagesDialog } = await import('./images-dialog.tsx');
    const saved = await openImagesDialog(modals, options.initial ?? {});
    return saved?.[0] ?? null;
  }
  return modals.push<RecordOf<'images'>>(() => <ImageForm record={record} />, { testId: 'image-dialog' });
}
