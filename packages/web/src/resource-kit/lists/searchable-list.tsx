/**
 * A search box over a list of choices in a modal (docs/platform.md, Pickers and lookups): the
 * command palette and the lookups. The box keeps the focus; the arrow keys move the highlight and
 * wrap, Enter picks (Tab moves on, as in any form), a click picks; the first row is highlighted
 * whenever the rows change (`rowsKey`). A listbox holds only options: with none, `empty` is plain
 * text. `addRow` is one more choice after the rows (a lookup's "Add New …").
 *
 *   <SearchableList search={{ label: 'Search', placeholder: 'Type to search' }} text={text} onText={setText}
 *     rows={rows} rowKey={(r) => r.id} renderRow={(r) => r.name} onPick={(r) => modal.close(r)}
 *     listLabel="Job Lookup results" rowsKey={page.dataUpdatedAt} empty={<Text>Nothing here yet.</Text>} />
 */
import { Group } from '@mantine/core';
import { useEffect, useId, type Key, type ReactNode } from 'react';
import { ListOption } from '../../ui/list-option.tsx';
import { ModalList } from '../../ui/modal-list.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useListNavigation } from './use-list-navigation.ts';

interface SearchableListProps<T> {
  /** The search box's label (shown) or aria-label, and its placeholder. */
  search: { label?: string; 'aria-label'?: string; placeholder: string };
  text: string;
  onText: (text: string) => void;
  /** Beside the box (a filter). */
  beside?: ReactNode;
  rows: readonly T[];
  rowKey: (row: T) => Key;
  renderRow: (row: T) => ReactNode;
  onPick: (row: T) => void;
  addRow?: { content: ReactNode; onPick: () => void } | null | false;
  /** The list's name (its scroll area's and its listbox's). */
  listLabel: string;
  /** Changes when the rows are answered again (the highlight goes back to the first row). */
  rowsKey: unknown;
  /** What shows when there are no rows. */
  empty: ReactNode;
}

export function SearchableList<T>({
  search,
  text,
  onText,
  beside,
  rows,
  rowKey,
  renderRow,
  onPick,
  addRow,
  listLabel,
  rowsKey,
  empty,
}: SearchableListProps<T>) {
  const listId = useId();
  const count = rows.length + (addRow ? 1 : 0);
  const nav = useListNavigation(count, (i) => (i < rows.length ? rows[i] !== undefined && onPick(rows[i]) : addRow && addRow.onPick()), { pickOnTab: false });
  const { setHighlight } = nav;
  useEffect(() => setHighlight(count ? 0 : -1), [rowsKey, count, setHighlight]);

  const box = (
    <TextField
      {...search}
      style={beside ? { flex: 1, minWidth: 180 } : undefined}
      value={text}
      onChange={(e) => onText(e.currentTarget.value)}
      onKeyDown={(e) => nav.onKeyDown(e)}
      enterNext={false}
      autoFocusDelayed
      aria-controls={listId}
      aria-activedescendant={nav.highlight >= 0 ? `${listId}-${nav.highlight}` : undefined}
    />
  );
  return (
    <>
      {beside ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          {box}
          {beside}
        </Group>
      ) : (
        box
      )}
      <ModalList label={listLabel}>
        {/* A listbox must hold options: with none, the note below is plain text. */}
        <div id={listId} {...(count ? { role: 'listbox', 'aria-label': listLabel } : {})}>
          {rows.map((row, i) => (
            <ListOption key={rowKey(row)} listId={listId} index={i} highlighted={i === nav.highlight} onHighlight={setHighlight} onPick={() => onPick(row)}>
              {renderRow(row)}
            </ListOption>
          ))}
          {addRow && (
            <ListOption listId={listId} index={rows.length} highlighted={rows.length === nav.highlight} onHighlight={setHighlight} onPick={addRow.onPick}>
              {addRow.content}
            </ListOption>
          )}
          {rows.length === 0 && empty}
        </div>
      </ModalList>
    </>
  );
}
