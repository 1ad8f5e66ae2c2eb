/**
 * Takeoff options (`/takeoff_options`, edit estimates_admin; docs/domain/estimating.md, Takeoffs): every
 * option, active or not, in a section per product category (by name; options of no category last),
 * each section by `sort` then description. A row opens the Takeoff Option dialog.
 *
 * Bulk save: the order (up / down within its category) and the active switch are changed here for
 * several options, then saved together — one `store_many` request, one transaction, all or nothing.
 * Save is disabled while nothing changed; leaving the screen with changes asks "Discard unsaved
 * changes?" first.
 */
import { Badge, Button, Card, Group, Stack, Switch, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { useList } from '../../resource-kit/records/queries.ts';
import { useSaveMany } from '../../resource-kit/writes/saves.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { ActiveBadge } from '../../ui/active-badge.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useLoader } from '../../ui/loader.tsx';
import { DISCARD_QUESTION, useModals } from '../../ui/modal-stack.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { TAKEOFFABLE_LABELS, openTakeoffOptionDialog } from './takeoff-option-dialog.tsx';

type Option = RecordOf<'takeoff_options'>;
interface Draft {
  sort: number;
  active: boolean;
}
interface Section {
  key: string;
  title: string;
  options: Option[];
}

const ALL = { active: 'all' } as const;

interface OptionRowProps {
  option: Option;
  index: number;
  /** The last of its section (it cannot move down). */
  last: boolean;
  /** Its order and active switch as changed here (or as stored). */
  draft: Draft;
  /** Changed here and not saved yet. */
  edited: boolean;
  canEdit: boolean;
  onOpen: () => void;
  onActive: (active: boolean) => void;
  onMove: (by: -1 | 1) => void;
}

/** An option's row: its description (opens its dialog), what it takes off, its active switch and its up / down buttons. */
function OptionRow({ option: o, index, last, draft: d, edited, canEdit, onOpen, onActive, onMove }: OptionRowProps) {
  return (
    <Table.Tr data-testid="takeoff-option-row">
      <Table.Td>
        <UnstyledButton onClick={onOpen} aria-label={`${canEdit ? 'Edit' : 'Open'} ${o.description}`}>
          <Text size="sm" fw={500} td="underline" style={{ textDecorationStyle: 'dotted' }}>
            {o.description}
          </Text>
        </UnstyledButton>
        {edited && (
          <Badge size="sm" variant="default" tt="none" ml={6}>
            changed
          </Badge>
        )}
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm" c="dimmed">
          {TAKEOFFABLE_LABELS[o.takeoffable_type]}
        </Text>
      </Table.Td>
      <Table.Td>
        {canEdit ? (
          <Switch checked={d.active} onChange={(e) => onActive(e.currentTarget.checked)} aria-label={`${o.description} active`} />
        ) : (
          <ActiveBadge active={d.active} />
        )}
      </Table.Td>
      {canEdit && (
        <Table.Td>
          <Group gap={2} wrap="nowrap">
            <Button variant="subtle" size="compact-sm" px={4} disabled={index === 0} onClick={() => onMove(-1)} aria-label={`Move ${o.description} up`}>
              <IconArrowUp size={16} />
            </Button>
            <Button variant="subtle" size="compact-sm" px={4} disabled={last} onClick={() => onMove(1)} aria-label={`Move ${o.description} down`}>
              <IconArrowDown size={16} />
            </Button>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

export function TakeoffOptionsPage() {
  const modals = useModals();
  const dialogs = useDialogs();
  const loader = useLoader();
  const canEdit = useCan('edit', 'estimates_admin');
  const options = useList('takeoff_options', ALL);
  const categories = useList('product_categories');
  const saveMany = useSaveMany('takeoff_options');
  const [drafts, setDrafts] = useState<ReadonlyMap<number, Draft>>(new Map());

  const stored = useMemo(() => new Map((options.data ?? []).map((o) => [o.id, o])), [options.data]);
  const shown = (o: Option): Draft => drafts.get(o.id) ?? { sort: o.sort ?? 0, active: o.active ?? true };
  const changed = [...drafts].filter(([id, d]) => {
    const o = stored.get(id);
    return o != null && (d.sort !== (o.sort ?? 0) || d.active !== (o.active ?? true));
  });
  const dirty = changed.length > 0;

  const sections = useMemo<Section[]>(() => {
    const name = new Map((categories.data ?? []).map((c) => [c.id, c.name]));
    const by = new Map<string, Section>();
    for (const o of options.data ?? []) {
      const id = o.product_category_id;
      const key = id == null || !name.has(id) ? 'none' : String(id);
      if (!by.has(key)) by.set(key, { key, title: key === 'none' ? 'No category' : name.get(id!)!, options: [] });
      by.get(key)!.options.push(o);
    }
    const order = (d: ReadonlyMap<number, Draft>, o: Option) => d.get(o.id)?.sort ?? o.sort ?? 0;
    for (const s of by.values()) s.options.sort((a, b) => order(drafts, a) - order(drafts, b) || a.description.localeCompare(b.description) || a.id - b.id);
    return [...by.values()].sort((a, b) => (a.key === 'none' ? 1 : b.key === 'none' ? -1 : a.title.localeCompare(b.title)));
  }, [options.data, categories.data, drafts]);

  // Leaving the screen (not opening a dialog over it) with changes asks first. The blocked move is
  // let go at once (the question is a modal of the stack, with a history entry of its own) and made
  // again once the person chose Discard.
  const navigate = useNavigate();
  const leaving = useRef(false);
  const asking = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !leaving.current && dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    const to = blocker.location;
    blocker.reset();
    void dialogs.confirm(DISCARD_QUESTION, { title: 'Unsaved changes', confirmLabel: 'Discard', cancelLabel: 'Keep editing' }).then((discard) => {
      asking.current = false;
      if (!discard) return;
      leaving.current = true;
      void navigate(to);
    });
  }, [blocker, dialogs, navigate]);

  const setDraft = (o: Option, change: Partial<Draft>) =>
    setDrafts((old) => new Map(old).set(o.id, { ...(old.get(o.id) ?? { sort: o.sort ?? 0, active: o.active ?? true }), ...change }));

  /** Moves an option up or down its section: the section is numbered 0, 1, 2… in its new order. */
  const move = (section: Section, index: number, by: -1 | 1) => {
    const list = [...section.options];
    const [it] = list.splice(index, 1);
    list.splice(index + by, 0, it!);
    setDrafts((old) => {
      const next = new Map(old);
      list.forEach((o, sort) => next.set(o.id, { active: old.get(o.id)?.active ?? o.active ?? true, sort }));
      return next;
    });
  };

  const save = async () => {
    const body = changed.map(([id, d]) => ({ id, updated_at: stored.get(id)?.updated_at ?? null, sort: d.sort, active: d.active }));
    try {
      await loader.run(saveMany.mutateAsync(body));
      setDrafts(new Map());
      reportSuccess(`${body.length} takeoff ${body.length === 1 ? 'option' : 'options'} saved.`);
    } catch (e) {
      reportError(e, { onReload: () => void options.refetch().then(() => setDrafts(new Map())) });
    }
  };

  // a new option comes last in its category
  const add = () => void openTakeoffOptionDialog(modals, { initial: { sort: (options.data ?? []).reduce((max, o) => Math.max(max, o.sort ?? 0), -1) + 1 } });
  useScreenAction('add', canEdit ? add : null);

  return (
    <Stack gap="md" data-testid="takeoff-options-page">
      <Group justify="space-between" gap="xs">
        <ScreenTitle>Takeoff Options</ScreenTitle>
        {canEdit && (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconPlus size={16} />} onClick={add}>
              Add Takeoff Option
            </Button>
            <Button variant="default" disabled={!dirty} onClick={() => setDrafts(new Map())}>
              Discard changes
            </Button>
            <Button disabled={!dirty} onClick={() => void save()}>
              Save{dirty ? ` (${changed.length})` : ''}
            </Button>
          </Group>
        )}
      </Group>
      {options.isSuccess && sections.length === 0 && (
        <Text c="dimmed" data-testid="takeoff-options-empty">
          No takeoff options yet.{canEdit ? ' Add the first one.' : ''}
        </Text>
      )}
      {sections.map((section) => (
        <Card key={section.key} withBorder padding="sm" data-testid="takeoff-option-section">
          <Text fw={600} component="h2" size="md" mt={0} mb="xs">
            {section.title}
          </Text>
          <Table verticalSpacing={6} aria-label={`${section.title} takeoff options`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th visibleFrom="sm" w={160}>
                  Takes off
                </Table.Th>
                <Table.Th w={80}>Active</Table.Th>
                {canEdit && <Table.Th w={80}>Order</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {section.options.map((o, i) => (
                <OptionRow
                  key={o.id}
                  option={o}
                  index={i}
                  last={i === section.options.length - 1}
                  draft={shown(o)}
                  edited={drafts.has(o.id) && changed.some(([id]) => id === o.id)}
                  canEdit={canEdit}
                  onOpen={() => void openTakeoffOptionDialog(modals, { record: o })}
                  onActive={(active) => setDraft(o, { active })}
                  onMove={(by) => move(section, i, by)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      ))}
    </Stack>
  );
}
