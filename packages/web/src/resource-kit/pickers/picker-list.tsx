/** The record picker's list (record-picker.tsx): its rows, in groups when it has them, and what it says when it has none. */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListOption } from '../../ui/list-option.tsx';
import { OFFLINE_CACHED_SEARCH_MESSAGE, OFFLINE_SEARCH_MESSAGE } from '../offline/offline.ts';
import type { PickerItem } from './picker-types.ts';

interface PickerListProps<T> {
  listId: string;
  items: PickerItem<T>[];
  groups: readonly [{ label: string; describe?: (record: T) => ReactNode }, { label: string; describe?: (record: T) => ReactNode }] | undefined;
  highlight: number;
  onHighlight: (index: number) => void;
  onPick: (item: PickerItem<T>) => void;
  display: (record: T) => string;
  describe: ((record: T) => ReactNode) | undefined;
  /** The resource's label ("Client type"). */
  label: string;
  /** Offline, the records on this device searched instead (null online). */
  onDevice: T[] | null;
  text: string;
  offline: boolean;
  loading: boolean;
}

type RowProps<T> = Pick<PickerListProps<T>, 'listId' | 'highlight' | 'onHighlight' | 'onPick' | 'display' | 'label'> & {
  item: PickerItem<T>;
  index: number;
  describe: ((record: T) => ReactNode) | undefined;
};

function PickerRow<T>({ item, index: i, listId, highlight, onHighlight, onPick, display, describe: describeRow, label }: RowProps<T>) {
  return (
    <ListOption listId={listId} index={i} highlighted={i === highlight} onHighlight={onHighlight} onPick={() => onPick(item)} keepFocus py={6}>
      {item.kind === 'record' ? (
        <>
          <Text size="sm">{display(item.record) || '(no name)'}</Text>
          {describeRow && (
            <Text size="xs" c="dimmed" component="div">
              {describeRow(item.record)}
            </Text>
          )}
        </>
      ) : (
        <Text size="sm" c="var(--mantine-primary-color-filled)" fw={500}>
          Add New {label} {item.text}
        </Text>
      )}
    </ListOption>
  );
}

export function PickerList<T extends { id: number }>(props: PickerListProps<T>) {
  const { listId, items, groups, onDevice, text, offline, loading, label } = props;
  const renderItem = (item: PickerItem<T>, i: number) => {
    const group = item.kind === 'record' ? groups?.[item.group] : undefined;
    return <PickerRow key={item.kind === 'record' ? item.record.id : 'add'} {...props} item={item} index={i} describe={group?.describe ?? props.describe} />;
  };
  return (
    <div id={listId} {...(items.length ? { role: 'listbox', 'aria-label': `${label} results` } : {})}>
      {groups
        ? groups.map((group, g) => {
            const mine = items.flatMap((item, i) => (item.kind === 'record' && item.group === g ? [i] : []));
            if (!mine.length) return null;
            return (
              <div key={g} role="group" aria-labelledby={`${listId}-g${g}`} data-testid="picker-group">
                <Text id={`${listId}-g${g}`} size="xs" fw={600} c="dimmed" px="sm" pt={g === 0 ? 4 : 10} pb={2}>
                  {group.label}
                </Text>
                {mine.map((i) => renderItem(items[i]!, i))}
              </div>
            );
          })
        : items.map(renderItem)}
      {groups && items.map((item, i) => (item.kind === 'add' ? renderItem(item, i) : null))}
      {items.length === 0 && (
        <Text size="sm" c="dimmed" px="sm" py={6} role="status">
          {onDevice?.length && text.trim()
            ? `You are offline: nothing on this device matches “${text.trim()}”.`
            : offline
              ? OFFLINE_SEARCH_MESSAGE
              : loading
                ? 'Searching…'
                : 'No matches'}
        </Text>
      )}
      {items.length > 0 && onDevice && (
        <Text size="xs" c="dimmed" px="sm" pt={6} pb={2} role="status">
          {OFFLINE_CACHED_SEARCH_MESSAGE}
        </Text>
      )}
    </div>
  );
}
