/**
 * The command palette: a search over jobs, clients, estimates, materials, products
 * and purchase orders by number and name (`GET /api/search?q=`, which answers only what the user
 * may see), keyboard only: type, arrows, Enter opens the hit's screen, Escape closes. Resolves
 * with the path to go to, or null.
 */
import { Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SearchHit } from '@glazier/shared/actions/records';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { RESOURCES, isResourceName, type ResourceName } from '@glazier/shared/resources/registry';
import { callAction } from '../resource-kit/http/actions.ts';
import { resourcePath } from '../resource-kit/records/records.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { api } from '../resource-kit/http/http.ts';
import { hasRecordDialog, openRecordDialog } from '../resource-kit/forms/record-dialogs.ts';
import { SearchableList } from '../resource-kit/lists/searchable-list.tsx';
import { RECORD_PAGES } from './features.ts';
import { useModal, type ModalStackApi } from '../ui/modal-stack.tsx';

/** The screen a hit opens (its area's `page`), or null when it opens in its dialog (clients and products have no screen). */
export function hitPath(hit: SearchHit): string | null {
  return RECORD_PAGES[hit.resource]?.(hit.id) ?? null;
}

/** What a hit is, in words: its resource's label ("Purchase Order"). */
export const hitKind = (hit: SearchHit): string => RESOURCES[hit.resource].label;

/** Follows a hit: resolves with the path to go to, or opens its record dialog (and resolves null). */
export async function followHit(modals: ModalStackApi, hit: SearchHit): Promise<string | null> {
  const path = hitPath(hit);
  if (path) return path;
  const name = hit.resource as ResourceName;
  if (!isResourceName(name) || !hasRecordDialog(name)) return null;
  const record = await fetchRecordOnce(name, hit.id);
  await openRecordDialog(modals, name, { record });
  return null;
}

async function fetchRecordOnce<N extends ResourceName>(name: N, id: number): Promise<RecordOf<N>> {
  return api.get<RecordOf<N>>(`${resourcePath(name)}/${id}`);
}

function CommandPalette() {
  const modal = useModal<SearchHit>();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 200);
  const search = useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => callAction(ACTION_ROUTES['records.search'], { query: { q }, signal }),
    enabled: q.length > 0,
  });
  const hits = q ? (search.data?.data ?? []) : [];

  return (
    <Stack gap="sm" data-testid="command-palette">
      <SearchableList
        search={{ 'aria-label': 'Search everything', placeholder: 'Search jobs, clients, estimates, materials, products, purchase orders' }}
        text={text}
        onText={setText}
        rows={hits}
        rowKey={(h) => `${h.resource}-${h.id}`}
        onPick={(h) => modal.close(h)}
        listLabel="Search results"
        rowsKey={search.dataUpdatedAt}
        renderRow={(h) => (
          <>
            <Text size="sm" fw={500}>
              {h.title}{' '}
              <Text span size="xs" c="dimmed">
                {hitKind(h)}
              </Text>
            </Text>
            {h.subtitle && (
              <Text size="xs" c="dimmed">
                {h.subtitle}
              </Text>
            )}
          </>
        )}
        empty={
          <Text c="dimmed" size="sm" ta="center" py="md">
            {!q ? 'Type a number or a name.' : search.isFetching ? 'Searching…' : search.isError ? 'Could not search.' : `Nothing matches “${q}”.`}
          </Text>
        }
      />
    </Stack>
  );
}

/** Opens the palette; resolves with the path to go to, or null (closed, or the hit opened in its dialog). */
export async function openCommandPalette(modals: ModalStackApi): Promise<string | null> {
  const hit = await modals.push<SearchHit>(() => <CommandPalette />, { title: 'Search', size: 'lg', testId: 'command-palette-dialog' });
  return hit ? followHit(modals, hit) : null;
}
