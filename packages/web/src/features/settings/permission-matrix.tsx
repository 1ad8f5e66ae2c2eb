/**
 * The role × area permission matrix (docs/domain/settings.md, Role matrix), editable by admins. `edit` implies
 * `view`; the admin role always keeps settings and users. Saved through `role_permissions`
 * (store_many, all or nothing).
 */
import {
  AREAS,
  DEFAULT_ROLE_MATRIX,
  LOCKED_ADMIN_AREAS,
  ROLE_LABELS,
  ROLES,
  type Area,
  type AreaRight,
  type Role,
  withRight,
} from '@glazier/shared/permissions';
import { Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { useList } from '../../resource-kit/records/queries.ts';
import { useSaveMany } from '../../resource-kit/writes/saves.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { SESSION_KEY } from '../../resource-kit/http/session-user.ts';
import { useLoader } from '../../ui/loader.tsx';

const areaLabel = (a: Area) => a.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

type Matrix = Record<string, AreaRight>; // key `${role}:${area}`
const cellKey = (role: Role, area: Area) => `${role}:${area}`;

export function PermissionMatrix() {
  const rows = useList('role_permissions');
  const saveMany = useSaveMany('role_permissions');
  const loader = useLoader();
  const queryClient = useQueryClient();

  const byKey = useMemo(() => {
    const m = new Map<string, RecordOf<'role_permissions'>>();
    for (const r of rows.data ?? []) m.set(cellKey(r.role, r.area), r);
    return m;
  }, [rows.data]);

  const stored = useMemo<Matrix>(() => {
    const m: Matrix = {};
    for (const role of ROLES)
      for (const area of AREAS) {
        const r = byKey.get(cellKey(role, area));
        m[cellKey(role, area)] = r ? { view: r.view, edit: r.edit } : DEFAULT_ROLE_MATRIX[role][area];
      }
    return m;
  }, [byKey]);

  // The cells the admin changed, over the stored matrix: a refetch of the list (a live update, the
  // screen coming back into focus) brings in others' changes without dropping unsaved ones.
  const [edits, setEdits] = useState<Matrix>({});
  const draft = useMemo<Matrix>(() => ({ ...stored, ...edits }), [stored, edits]);

  const changed = Object.keys(edits).filter((k) => edits[k]!.view !== stored[k]!.view || edits[k]!.edit !== stored[k]!.edit);

  const set = (role: Role, area: Area, action: 'view' | 'edit', value: boolean) =>
    setEdits((e) => {
      const key = cellKey(role, area);
      return { ...e, [key]: withRight(e[key] ?? stored[key]!, action, value) };
    });

  const save = async () => {
    const body = changed.map((k) => {
      const [role, area] = k.split(':') as [Role, Area];
      const existing = byKey.get(k);
      return { ...(existing ? { id: existing.id, updated_at: existing.updated_at } : {}), role, area, ...draft[k]! };
    });
    try {
      await loader.run(saveMany.mutateAsync(body));
      setEdits({});
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      reportSuccess('Permissions saved.');
    } catch (e) {
      reportError(e, { onReload: () => void rows.refetch() });
    }
  };

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640}>
        <Table striped="even" verticalSpacing={6} stickyHeader aria-label="Role permissions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th className="sticky-first-cell">Area</Table.Th>
              {ROLES.map((role) => (
                <Table.Th key={role} ta="center">
                  {ROLE_LABELS[role]}
                  <Text size="xs" c="dimmed" fw={400}>
                    view · edit
                  </Text>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {AREAS.map((area) => (
              <Table.Tr key={area}>
                <Table.Td fw={500} className="sticky-first-cell">
                  {areaLabel(area)}
                </Table.Td>
                {ROLES.map((role) => {
                  const cell = draft[cellKey(role, area)]!;
                  const locked = role === 'admin' && LOCKED_ADMIN_AREAS.includes(area);
                  return (
                    <Table.Td key={role}>
                      <Group gap="sm" justify="center" wrap="nowrap">
                        <Checkbox
                          aria-label={`${ROLE_LABELS[role]} view ${areaLabel(area)}`}
                          checked={cell.view}
                          disabled={locked}
                          onChange={(e) => set(role, area, 'view', e.currentTarget.checked)}
                        />
                        <Checkbox
                          aria-label={`${ROLE_LABELS[role]} edit ${areaLabel(area)}`}
                          checked={cell.edit}
                          disabled={locked}
                          onChange={(e) => set(role, area, 'edit', e.currentTarget.checked)}
                        />
                      </Group>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Button variant="default" disabled={!changed.length} onClick={() => setEdits({})}>
          Discard changes
        </Button>
        <Button disabled={!changed.length} onClick={() => void save()}>
          Save permissions{changed.length ? ` (${changed.length})` : ''}
        </Button>
      </Group>
    </Stack>
  );
}
