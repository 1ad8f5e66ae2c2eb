/** A job's or an estimate's images as thumbnails; a click opens the viewer on that image. */
import { Image, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useModals } from '../../ui/modal-stack.tsx';
import { useList } from '../records/queries.ts';
import { openImageViewer } from './image-viewer.tsx';
import { parentQuery, type AttachmentParent } from './parent.ts';
import { SectionState } from './section-state.tsx';

export function ImagesSection({ parent }: { parent: AttachmentParent }) {
  const modals = useModals();
  const filter = parentQuery(parent, 'images');
  const list = useList('images', filter);
  const [broken, setBroken] = useState<Set<number>>(() => new Set());
  return (
    <SectionState query={list} empty="No images yet.">
      <SimpleGrid cols={{ base: 2, sm: 4, md: 6 }} spacing="sm" data-testid="images-list">
        {(list.data ?? []).map((img, i) => (
          <UnstyledButton key={img.id} onClick={() => void openImageViewer(modals, filter, i)} aria-label={`View ${img.description || `image ${i + 1}`}`}>
            <Stack gap={4}>
              {broken.has(img.id) ? (
                <Text size="xs" c="dimmed" h={120} ta="center" pt="xl">
                  Image Unavailable
                </Text>
              ) : (
                <Image src={img.thumb_url} alt="" h={120} fit="cover" radius="sm" loading="lazy" onError={() => setBroken((s) => new Set(s).add(img.id))} />
              )}
              <Text size="xs" truncate>
                {img.description}
              </Text>
            </Stack>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </SectionState>
  );
}
