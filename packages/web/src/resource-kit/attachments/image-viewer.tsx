/**
 * The image viewer (docs/domain/jobs.md, Notes, files and images): one image at a time with previous / next (buttons, arrow
 * keys, a swipe on touch screens), "Image Unavailable" when one cannot be loaded, and Edit for
 * `edit images` or the image's uploader.
 */
import { ActionIcon, Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { useModal, useModals, useModalTitle, type ModalStackApi } from '../../ui/modal-stack.tsx';
import type { Query } from '../http/http.ts';
import { useList } from '../records/queries.ts';
import { useCanEditAttachment } from './parent.ts';
import { openImageDialog } from './attachment-dialogs.ts';

/** A horizontal swipe of at least this many px turns the page. */
const SWIPE_PX = 50;

function ImageViewer({ filter, start }: { filter: Query; start: number }) {
  const modal = useModal();
  const modals = useModals();
  const canEdit = useCanEditAttachment('images');
  // The section's own list (same query): an edit or a delete shows here at once.
  const images = useList('images', filter).data ?? [];
  const [wanted, setIndex] = useState(start);
  const index = Math.min(wanted, Math.max(0, images.length - 1));
  const [broken, setBroken] = useState<Set<number>>(() => new Set());
  const touchX = useRef<number | null>(null);
  const image = images[index];
  useModalTitle(image ? `${image.description || 'Image'} (${index + 1} of ${images.length})` : 'Images');

  const go = (step: number) => setIndex((i) => (images.length ? (i + step + images.length) % images.length : 0));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!modal.isTop) return;
      if (e.key === 'ArrowLeft') go(-1);
      else if (e.key === 'ArrowRight') go(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!image) {
    return <Text c="dimmed">No images.</Text>;
  }

  const edit = () => void openImageDialog(modals, { record: image });
  const onTouchStart = (e: TouchEvent) => (touchX.current = e.touches[0]?.clientX ?? null);
  const onTouchEnd = (e: TouchEvent) => {
    const from = touchX.current;
    const to = e.changedTouches[0]?.clientX;
    touchX.current = null;
    if (from == null || to == null || Math.abs(to - from) < SWIPE_PX) return;
    go(to < from ? 1 : -1);
  };

  return (
    <Stack gap="sm" data-testid="image-viewer">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <ActionIcon variant="default" size="lg" aria-label="Previous image" onClick={() => go(-1)} disabled={images.length < 2}>
          <IconChevronLeft />
        </ActionIcon>
        <div onTouchStart={onTouchStart} onTouchEnd={onTouchEnd} style={{ flex: 1, minWidth: 0, display: 'flex', justifyContent: 'center' }}>
          {broken.has(image.id) ? (
            <Text c="dimmed" py="xl" data-testid="image-unavailable">
              Image Unavailable
            </Text>
          ) : (
            <Image
              key={image.id}
              src={image.url}
              alt={image.description || `Image ${index + 1}`}
              fit="contain"
              mah="70vh"
              onError={() => setBroken((s) => new Set(s).add(image.id))}
            />
          )}
        </div>
        <ActionIcon variant="default" size="lg" aria-label="Next image" onClick={() => go(1)} disabled={images.length < 2}>
          <IconChevronRight />
        </ActionIcon>
      </Group>
      <Group justify="flex-end" gap="xs">
        {canEdit(image) && (
          <Button variant="light" onClick={edit}>
            Edit
          </Button>
        )}
        <Button variant="default" onClick={() => modal.close(null)} data-autofocus>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

/** Opens the viewer on the `start`-th image of the list `filter` selects (the section's). */
export function openImageViewer(modals: ModalStackApi, filter: Query, start = 0): Promise<unknown> {
  return modals.push(() => <ImageViewer filter={filter} start={start} />, { size: 'xl', testId: 'image-viewer-dialog' });
}
