/**
 * Images dialog (docs/domain/jobs.md, Notes, files and images): several images at once, each with a description (default
 * image-{index}); big ones compressed in the browser, sent in batches of 5 with a progress bar.
 * Closing the dialog while they go (Cancel, ×, Escape, Back) aborts the batch being sent and sends
 * no further batch.
 */
import { Alert, Button, CloseButton, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DialogActions, DialogForm } from '../../ui/dialog-actions.tsx';
import { alertModal } from '../../ui/dialogs.tsx';
import { useModal, useModals, useModalTitle, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { reportError, reportSuccess } from '../forms/error-mapper.tsx';
import { HttpError } from '../http/http.ts';
import { storeRecords } from '../records/queries.ts';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import type { RecordOf } from '@glazier/shared/resources/records';
import { uploadAction } from '../http/actions.ts';
import { useUploadSignal } from '../http/upload.ts';
import {
  NO_IMAGE_MESSAGE,
  compressImage,
  defaultImageDescription,
  looksLikeImage,
  notImagesMessage,
  refusedIndexes,
  sendInBatches,
  type ImageToSend,
} from './image-upload.ts';
import { parentFields, type AttachmentParent } from './parent.ts';

interface Chosen {
  key: number;
  file: File;
  description: string;
}

let keySeq = 0;

function ImagesForm({ initial }: { initial: { job_id?: number | null; estimate_id?: number | null } }) {
  const modal = useModal<RecordOf<'images'>[]>();
  const modals = useModals();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ label: string; value: number } | null>(null);
  const uploading = progress != null;
  const uploadSignal = useUploadSignal();
  useModalTitle('Add Images');

  const choose = (files: File[]) => {
    setMessage(null);
    setChosen((list) => [...list, ...files.map((file, i) => ({ key: ++keySeq, file, description: defaultImageDescription(list.length + i + 1) }))]);
  };

  const upload = async () => {
    if (uploading) return;
    const images = chosen.filter((c) => looksLikeImage(c.file));
    const notImages = chosen.filter((c) => !looksLikeImage(c.file)).map((c) => c.file.name);
    if (!chosen.length) return setMessage(NO_IMAGE_MESSAGE);
    if (!images.length) return setMessage(notImagesMessage(notImages));
    setMessage(null);
    const saved: RecordOf<'images'>[] = [];
    const signal = uploadSignal();
    try {
      setProgress({ label: 'Preparing…', value: 0 });
      const toSend: ImageToSend[] = [];
      for (const c of images) {
        signal.throwIfAborted();
        toSend.push({ file: await compressImage(c.file), description: c.description });
      }
      const result = await sendInBatches(
        toSend,
        async (batch, onProgress) => {
          const body = new FormData();
          if (initial.job_id != null) body.append('job_id', String(initial.job_id));
          if (initial.estimate_id != null) body.append('estimate_id', String(initial.estimate_id));
          for (const image of batch) {
            body.append('description', image.description);
            body.append('file', image.file, image.file.name);
          }
          // Aborted, it rejects, and so does sendInBatches: no later batch is sent.
          const { data } = await uploadAction(ACTION_ROUTES['images.upload_many'], body, { onProgress, signal });
          saved.push(...data);
          storeRecords(queryClient, 'images', data);
        },
        (value) => setProgress({ label: `Uploading… ${Math.round(value * 100)}%`, value }),
        (error, batch) => (error instanceof HttpError && error.status === 422 ? refusedIndexes(error.body?.errors, batch.length) : []),
      );
      notImages.push(...result.notImages);
    } catch (e) {
      // Cancelled (the dialog has closed): the batches stored before stay stored, and are in the
      // job's Images already (storeRecords above). The batch in flight was aborted; had the server
      // already received all of it, it may have kept it, so the lists ask again to show it.
      if (signal.aborted) return storeRecords(queryClient, 'images', []);
      setProgress(null);
      // What was sent before the failure stays; take it out of the list so it is not sent twice.
      const sentNames = new Set(saved.map((s) => s.description));
      setChosen((list) => list.filter((c) => !sentNames.has(c.description)));
      reportError(e);
      return;
    }
    if (saved.length) reportSuccess(saved.length === 1 ? 'Image saved.' : `${saved.length} images saved.`);
    if (notImages.length) await alertModal(modals, notImagesMessage(notImages), 'Not images');
    modal.close(saved);
  };

  return (
    <DialogForm
      onSubmit={(e) => {
        e.preventDefault();
        void upload();
      }}
      // While it uploads, closing is how one stops it (no question); before, chosen images are an unsaved change.
      dirty={progress == null && chosen.length > 0}
      footer={<DialogActions saveLabel="Upload" saveDisabled={uploading} />}
    >
      <Group>
        <FileButton onChange={choose} accept="image/*" multiple>
          {(props) => (
            <Button variant="light" {...props} disabled={uploading}>
              Choose Images
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {chosen.length ? `${chosen.length} chosen` : 'None chosen'}
        </Text>
      </Group>
      {chosen.map((c, i) => (
        <Group key={c.key} gap="xs" wrap="nowrap" align="flex-end" data-testid="chosen-image">
          <TextField
            style={{ flex: 1 }}
            label={`Description of ${c.file.name}`}
            value={c.description}
            disabled={uploading}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setChosen((list) => list.map((x, j) => (j === i ? { ...x, description: value } : x)));
            }}
          />
          <CloseButton
            aria-label={`Remove ${c.file.name}`}
            mb={6}
            disabled={uploading}
            onClick={() => setChosen((list) => list.filter((x) => x.key !== c.key))}
          />
        </Group>
      ))}
      {message && (
        <Alert color="red" role="alert">
          {message}
        </Alert>
      )}
      {progress && (
        <Stack gap={4}>
          <Text size="sm" id="images-upload-progress">
            {progress.label}
          </Text>
          <Progress value={progress.value * 100} aria-labelledby="images-upload-progress" data-testid="upload-progress" />
        </Stack>
      )}
    </DialogForm>
  );
}

/** Resolves with the images saved (or null when cancelled). */
export function openImagesDialog(
  modals: ModalStackApi,
  initial: { job_id?: number | null; estimate_id?: number | null },
): Promise<RecordOf<'images'>[] | null> {
  return modals.push<RecordOf<'images'>[]>(() => <ImagesForm initial={initial} />, { title: 'Add Images', testId: 'images-dialog' });
}

/** The Add button of a job's or an estimate's Images. */
export function addImages(modals: ModalStackApi, parent: AttachmentParent): Promise<RecordOf<'images'>[] | null> {
  return openImagesDialog(modals, parentFields(parent));
}
