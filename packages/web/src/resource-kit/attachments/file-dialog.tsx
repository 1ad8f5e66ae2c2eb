/**
 * File dialog (docs/domain/jobs.md, Notes, files and images): a new file is a description and one PDF, sent as a multipart
 * upload with a progress bar (closing the dialog while it goes, Cancel included, aborts it); a
 * saved one edits its description (the PDF stays). On an estimate's file, Show on Job for users
 * with `edit estimates`.
 */
import { Anchor, FileInput, Progress, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DialogActions, DialogForm } from '../../ui/dialog-actions.tsx';
import { CheckField } from '../../ui/check-field.tsx';
import { useModal, useModalTitle, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { formTarget, reportError, reportSuccess } from '../forms/error-mapper.tsx';
import { storeRecords } from '../records/queries.ts';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import type { RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../forms/record-dialog.tsx';
import type { RecordDialogOptions } from '../forms/record-dialogs.ts';
import { useCan } from '../http/session-user.ts';
import { uploadAction } from '../http/actions.ts';
import { useUploadSignal } from '../http/upload.ts';
import { parentFields, useCanEditAttachment, type AttachmentParent } from './parent.ts';

export const PDF_ONLY_MESSAGE = 'Only PDF files can be uploaded.';

/** The browser's idea of a PDF (the server checks the bytes). */
const looksLikePdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

function NewFileForm({ initial }: { initial: { job_id?: number | null; estimate_id?: number | null } }) {
  const modal = useModal<RecordOf<'files'>>();
  const queryClient = useQueryClient();
  const canShowOnJob = useCan('edit', 'estimates');
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress != null;
  const uploadSignal = useUploadSignal();
  const form = useForm({
    mode: 'controlled',
    initialValues: { description: '', file: null as File | null, show_on_job: false },
    clearInputErrorOnChange: true,
  });
  useModalTitle('Add File');
  const onEstimate = initial.estimate_id != null;

  const onSubmit = form.onSubmit(async (values) => {
    if (uploading) return;
    if (!values.file) return form.setFieldError('file', 'Choose a PDF file.');
    if (!looksLikePdf(values.file)) return form.setFieldError('file', PDF_ONLY_MESSAGE);
    const body = new FormData();
    body.append('description', values.description);
    body.append('job_id', initial.job_id != null ? String(initial.job_id) : '');
    body.append('estimate_id', initial.estimate_id != null ? String(initial.estimate_id) : '');
    if (onEstimate && canShowOnJob) body.append('show_on_job', String(values.show_on_job));
    body.append('file', values.file, values.file.name);
    setProgress(0);
    // Closing the dialog (Cancel included) aborts the upload: no notice, nothing stored here.
    const signal = uploadSignal();
    try {
      const saved = await uploadAction(ACTION_ROUTES['files.upload'], body, { onProgress: setProgress, signal });
      storeRecords(queryClient, 'files', [saved]);
      reportSuccess('File saved.');
      modal.close(saved);
    } catch (e) {
      // Cancelled. Had the server already received the whole PDF, it may have kept it: the lists
      // ask again, so a file that was stored shows rather than being hidden.
      if (signal.aborted) return storeRecords(queryClient, 'files', []);
      setProgress(null);
      reportError(e, { form: formTarget(form, ['description', 'file']) });
    }
  });

  return (
    // While it uploads, closing is how one stops it (no question); before, a chosen PDF or a typed
    // description is an unsaved change.
    <DialogForm onSubmit={onSubmit} dirty={!uploading && form.isDirty()} footer={<DialogActions saveLabel="Upload" saveDisabled={uploading} />}>
      <TextField label="Description" autoFocusDelayed {...form.getInputProps('description')} disabled={uploading} />
      <FileInput
        label="PDF"
        accept="application/pdf,.pdf"
        placeholder="Choose a PDF"
        clearable={!uploading}
        {...form.getInputProps('file')}
        disabled={uploading}
      />
      {onEstimate && canShowOnJob && (
        <CheckField kind="switch" label="Show on Job" {...form.getInputProps('show_on_job', { type: 'checkbox' })} disabled={uploading} />
      )}
      {progress != null && (
        <div>
          <Text size="sm" id="file-upload-progress">
            Uploading… {Math.round(progress * 100)}%
          </Text>
          <Progress value={progress * 100} aria-labelledby="file-upload-progress" data-testid="upload-progress" />
        </div>
      )}
    </DialogForm>
  );
}

function FileForm({ record }: { record: RecordOf<'files'> }) {
  const canEdit = useCanEditAttachment('files')(record);
  const canShowOnJob = useCan('edit', 'estimates');
  const dialog = useRecordDialog('files', {
    deleteConfirm: 'Delete this file?',
    initialValues: formValues(record, { description: '', show_on_job: false }),
  });
  const { form } = dialog;
  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <TextField label="Description" {...form.getInputProps('description')} />
      <Anchor href={record.url ?? undefined} target="_blank" rel="noopener" size="sm" w="fit-content" style={{ overflowWrap: 'anywhere' }}>
        Open {record.path ?? 'the PDF'}
      </Anchor>
      {record.estimate_id != null && (
        <CheckField kind="switch" label="Show on Job" readOnly={!canShowOnJob} {...form.getInputProps('show_on_job', { type: 'checkbox' })} />
      )}
    </RecordDialogForm>
  );
}

export function openFileDialog(modals: ModalStackApi, options: RecordDialogOptions<'files'> = {}): Promise<RecordOf<'files'> | null> {
  const { record } = options;
  if (record) return modals.push<RecordOf<'files'>>(() => <FileForm record={record} />, { testId: 'file-dialog' });
  return modals.push<RecordOf<'files'>>(() => <NewFileForm initial={options.initial ?? {}} />, { title: 'Add File', testId: 'file-dialog' });
}

/** The Add button of a job's or an estimate's Files. */
export function addFiles(modals: ModalStackApi, parent: AttachmentParent): Promise<RecordOf<'files'> | null> {
  return openFileDialog(modals, { initial: parentFields(parent) });
}
