/**
 * A tree of text rows to edit (tree-rows.ts holds the rows and their operations): each row a text
 * box, indented by its level, with its actions (add a sub-row; in its menu duplicate, move up and
 * down, indent, outdent, delete), and an Add Row button under the last.
 *
 * Keyboard: Enter adds the next row (after the row's sub-rows, at its level) and goes to it; Tab
 * makes the row a sub-row of the one above (Shift+Tab takes it back out), and where it cannot, Tab
 * moves on as usual; Alt+↑ / Alt+↓ move the row with its sub-rows; Backspace in an empty row
 * deletes it and goes to the row above. Rows with empty text are the owner's to drop on save.
 *
 * `TreeView` shows the same rows read-only, indented the same way.
 */
import { ActionIcon, Box, Button, Group, Menu, Stack, Text } from '@mantine/core';
// Icons no other screen uses: a shared icon becomes a chunk of its own, named in the first screen's JS.
import {
  IconArrowBarDown,
  IconArrowBarUp,
  IconCopyPlus,
  IconDotsVertical,
  IconIndentDecrease,
  IconIndentIncrease,
  IconPlus,
  IconSubtask,
  IconTrashX,
} from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  addRow,
  blockEnd,
  addSubRow,
  canIndent,
  canMoveDown,
  canMoveUp,
  canOutdent,
  deleteRow,
  duplicateRow,
  indentRow,
  moveRowDown,
  moveRowUp,
  outdentRow,
  type FlatRow,
} from './tree-rows.ts';
import { TextField } from './text-field.tsx';

/** Each level's indent. */
const INDENT = 'calc(var(--mantine-spacing-md) * 1.25)';

export interface TreeEditorProps {
  rows: FlatRow[];
  onChange: (rows: FlatRow[]) => void;
  /** Levels allowed (1: no sub-rows). */
  maxDepth?: number;
  /** Characters allowed in a row. */
  maxLength?: number;
  /** The tree's accessible name. */
  label: string;
  /** Shown when there are no rows. */
  empty?: string;
}

export function TreeEditor({ rows, onChange, maxDepth = Infinity, maxLength, label, empty = 'No rows yet.' }: TreeEditorProps) {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  // The row whose menu is open (one at a time).
  const [menuKey, setMenuKey] = useState<string | null>(null);
  useEffect(() => {
    if (!focusKey) return;
    inputs.current.get(focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const apply = (next: FlatRow[], focus?: string | null) => {
    onChange(next);
    if (focus) setFocusKey(focus);
  };
  const keep = (i: number) => rows[i]?.key ?? null;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>, i: number) => {
    const row = rows[i]!;
    if (e.key === 'Enter' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      const added = addRow(rows, i);
      apply(added.rows, added.key);
    } else if (e.key === 'Tab' && !e.altKey && !e.ctrlKey && !e.metaKey) {
      // Only where it can: otherwise Tab leaves the row as it always does.
      if (e.shiftKey ? canOutdent(rows, i) : canIndent(rows, i, maxDepth)) {
        e.preventDefault();
        apply(e.shiftKey ? outdentRow(rows, i) : indentRow(rows, i, maxDepth), row.key);
      }
    } else if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      apply(e.key === 'ArrowUp' ? moveRowUp(rows, i) : moveRowDown(rows, i), row.key);
    } else if (e.key === 'Backspace' && row.text === '' && rows.length > 1 && blockIsRow(rows, i)) {
      e.preventDefault();
      apply(deleteRow(rows, i), keep(i > 0 ? i - 1 : 1));
    }
  };

  return (
    <Stack gap={6} role="group" aria-label={label} data-testid="tree-editor">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {rows.map((row, i) => {
        const n = i + 1;
        return (
          <Group key={row.key} gap={4} wrap="nowrap" pl={`calc(${INDENT} * ${row.depth})`} data-testid="tree-row" data-depth={row.depth}>
            <TextField
              ref={(el) => {
                if (el) inputs.current.set(row.key, el);
                else inputs.current.delete(row.key);
              }}
              aria-label={`Row ${n}, level ${row.depth + 1}`}
              value={row.text}
              maxLength={maxLength}
              onChange={(e) => onChange(rows.map((r) => (r.key === row.key ? { ...r, text: e.currentTarget.value } : r)))}
              onKeyDown={(e) => onKeyDown(e, i)}
              style={{ flex: 1, minWidth: 0 }}
              size="sm"
            />
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={`Add sub-row to row ${n}`}
              title="Add sub-row"
              disabled={row.depth + 1 >= maxDepth}
              onClick={() => {
                const added = addSubRow(rows, i, maxDepth);
                apply(added.rows, added.key);
              }}
            >
              <IconSubtask size={18} />
            </ActionIcon>
            <Menu position="bottom-end" withinPortal opened={menuKey === row.key} onChange={(open) => setMenuKey(open ? row.key : null)}>
              <Menu.Target>
                <ActionIcon variant="subtle" size="lg" aria-label={`Actions of row ${n}`} title="Row actions">
                  <IconDotsVertical size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconCopyPlus size={16} />}
                  onClick={() => {
                    const copy = duplicateRow(rows, i);
                    apply(copy.rows, copy.key);
                  }}
                >
                  Duplicate
                </Menu.Item>
                <Menu.Item leftSection={<IconArrowBarUp size={16} />} disabled={!canMoveUp(rows, i)} onClick={() => apply(moveRowUp(rows, i), row.key)}>
                  Move up
                </Menu.Item>
                <Menu.Item leftSection={<IconArrowBarDown size={16} />} disabled={!canMoveDown(rows, i)} onClick={() => apply(moveRowDown(rows, i), row.key)}>
                  Move down
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconIndentIncrease size={16} />}
                  disabled={!canIndent(rows, i, maxDepth)}
                  onClick={() => apply(indentRow(rows, i, maxDepth), row.key)}
                >
                  Indent
                </Menu.Item>
                <Menu.Item leftSection={<IconIndentDecrease size={16} />} disabled={!canOutdent(rows, i)} onClick={() => apply(outdentRow(rows, i), row.key)}>
                  Outdent
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconTrashX size={16} />}
                  onClick={() => apply(deleteRow(rows, i), i > 0 ? keep(i - 1) : blockEndKey(rows, i))}
                >
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        );
      })}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => {
            const added = addRow(rows);
            apply(added.rows, added.key);
          }}
        >
          Add Row
        </Button>
      </Group>
    </Stack>
  );
}

/** Whether row `i` has no sub-rows (Backspace deletes only such a row). */
const blockIsRow = (rows: readonly FlatRow[], i: number) => (rows[i + 1]?.depth ?? -1) <= rows[i]!.depth;

/** The key of the row after row `i`'s block, if any. */
const blockEndKey = (rows: readonly FlatRow[], i: number) => rows[blockEnd(rows, i)]?.key ?? null;

/** The rows read-only: each line indented by its level. */
export function TreeView({ rows, empty = 'No rows.', label }: { rows: readonly FlatRow[]; empty?: string; label: string }) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Box role="list" aria-label={label} data-testid="tree-view">
      {rows.map((row) => (
        <Text
          key={row.key}
          role="listitem"
          aria-level={row.depth + 1}
          size="sm"
          pl={`calc(${INDENT} * ${row.depth})`}
          py={2}
          style={{ overflowWrap: 'anywhere' }}
        >
          {row.depth > 0 && (
            <Text span c="dimmed" aria-hidden>
              {'└ '}
            </Text>
          )}
          {row.text}
        </Text>
      ))}
    </Box>
  );
}
