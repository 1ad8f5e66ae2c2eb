/**
 * The takeoff of an estimate (`/estimates/{estimate_id}/takeoff`, docs/domain/estimating.md, Takeoffs): a grid
 * whose rows are the takeoff's units (rooms or unit types: "Unit type B × 12") and whose columns are
 * the active takeoff options of the estimate's scopes (all active options when it has none), each
 * cell the qty per unit (a takeoff item), typed in place and saved quietly (ui/grid-editor.tsx). The
 * totals row is each option's calculated qty, Σ unit qty × qty per unit
 * (shared/rules/estimating/takeoff.ts). "Items from takeoff" makes or updates the estimate's items
 * from those totals (the `estimates.items_from_takeoff` action).
 *
 * The whole takeoff is read in one call (the estimate's takeoff with its units and cells embedded);
 * a cell's save writes one takeoff item — created on the first non-zero qty, PATCHed after — and
 * is put into that cached takeoff, so nothing else is fetched again. Saves of one cell run one
 * after the other (a second qty typed while the first creates the item PATCHes it).
 *
 * Only a draft is changed (the server answers 409 otherwise): another estimate's takeoff is shown
 * read-only, with a notice. The takeoff record itself is made with the first unit.
 */
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { OLDER_REVISION_MESSAGE, ONLY_DRAFTS_MESSAGE, contentEditable } from '@glazier/shared/rules/estimating/estimate-status';
import { calculatedQtys } from '@glazier/shared/rules/estimating/takeoff';
import { formatQty } from '@glazier/shared/rules/money';
import { fieldBounds } from '../../resource-kit/forms/field-bounds.ts';
import type { RecordWithRelations, RecordOf } from '@glazier/shared/resources/records';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconListCheck, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { callAction } from '../../resource-kit/http/actions.ts';
import { ParentLink, useRouteId } from '../../resource-kit/detail/detail-page.tsx';
import { describeError, reportError } from '../../resource-kit/forms/error-mapper.tsx';
import { resourceKeys } from '../../resource-kit/records/records.ts';
import { saveRecord } from '../../resource-kit/writes/saves.ts';
import { storeRecords, useList, useRecord } from '../../resource-kit/records/queries.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useDialogs } from '../../ui/dialogs.tsx';
import { GridEditor } from '../../ui/grid-editor.tsx';
import { useDelayedFlag, useLoader } from '../../ui/loader.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { cellKey, useTakeoffCellSaves } from './use-takeoff-cells.ts';

type Takeoff = RecordWithRelations<'takeoffs'>;
type Unit = RecordOf<'takeoff_units'>;
type Option = RecordOf<'takeoff_options'>;

const QTY_BOUNDS = fieldBounds('takeoff_items', 'qty');

/** "Unit type B × 12". */

/** The lines added by hand that the takeoff took over (its product was on the estimate already: not doubled). */
export const matchedText = (matched: number): string =>
  matched
    ? ` ${matched} ${matched === 1 ? 'line' : 'lines'} added by hand had the product already: ${matched === 1 ? 'it follows' : 'they follow'} the takeoff now, not doubled.`
    : '';

export const unitTitle = (u: Unit) => `${u.description} × ${formatQty(u.qty ?? 0)}`;

/** The options the estimate's scopes take off: active, of its categories (all when it names none), by category, sort, description. */
export function takeoffColumns(
  options: readonly Option[],
  scopes: readonly number[] | null | undefined,
  categoryName: (id: number | null) => string,
): Option[] {
  const list = scopes ?? [];
  return options
    .filter((o) => o.active !== false && (list.length === 0 || (o.product_category_id != null && list.includes(o.product_category_id))))
    .sort(
      (a, b) =>
        categoryName(a.product_category_id).localeCompare(categoryName(b.product_category_id)) ||
        (a.sort ?? 0) - (b.sort ?? 0) ||
        a.description.localeCompare(b.description) ||
        a.id - b.id,
    );
}

/** A failed cell's message: the server's word on the qty, else its message. */
function cellError(e: unknown): string {
  const report = describeError(e);
  return report.fieldErrors.qty ?? Object.values(report.fieldErrors)[0] ?? report.notice?.lines[0] ?? 'Not saved.';
}

/** What the page says when the estimate's scopes have no takeoff options. */
function NoOptions({ canEditOptions }: { canEditOptions: boolean }) {
  return (
    <Paper withBorder p="md" data-testid="takeoff-no-options">
      <Text>No takeoff options for this estimate&apos;s scopes.</Text>
      {canEditOptions ? (
        <Anchor component={Link} to="/takeoff_options" size="sm">
          Add takeoff options
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          Someone who may edit takeoff options can add them.
        </Text>
      )}
    </Paper>
  );
}

export function TakeoffPage() {
  const estimateId = useRouteId('estimate_id');
  const modals = useModals();
  const dialogs = useDialogs();
  const loader = useLoader();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canEditOptions = useCan('edit', 'estimates_admin');
  const estimate = useRecord('estimates', estimateId);
  const takeoffFilters = useMemo(() => ({ estimate_id: estimateId ?? 0, with_units: true, with_items: true }), [estimateId]);
  const takeoffKey = useMemo(() => resourceKeys.list('takeoffs', takeoffFilters), [takeoffFilters]);
  const takeoffs = useList('takeoffs', takeoffFilters, { enabled: estimateId != null });
  const options = useList('takeoff_options');
  const categories = useList('product_categories');

  // The list answers each takeoff with its units and cells embedded (`with_units`, `with_items`).
  const takeoff = (takeoffs.data?.[0] ?? null) as Takeoff | null;
  const units = useMemo(() => [...(takeoff?.units ?? [])].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id), [takeoff?.units]);
  const items = takeoff?.items;
  const itemOf = useMemo(() => new Map((items ?? []).map((i) => [cellKey(i.takeoff_unit_id, i.takeoff_option_id), i])), [items]);
  const categoryName = useCallback((id: number | null) => categories.data?.find((c) => c.id === id)?.name ?? '', [categories.data]);
  const columns = useMemo(
    () => takeoffColumns(options.data ?? [], estimate.data?.product_category_list, categoryName),
    [options.data, estimate.data?.product_category_list, categoryName],
  );
  const totals = useMemo(() => calculatedQtys(units, items ?? []), [units, items]);
  // The grid's props stay the same object while the data does: its rows, headings and totals are drawn again only when theirs change.
  const cellValue = useCallback((u: Unit, o: Option) => itemOf.get(cellKey(u.id, o.id))?.qty ?? null, [itemOf]);
  const optionHeading = useCallback((o: Option) => <OptionHeading option={o} category={categoryName(o.product_category_id)} />, [categoryName]);
  const totalsRow = useMemo(() => ({ label: 'Total', value: (o: Option) => formatQty(totals.get(o.id) ?? 0) }), [totals]);

  const record = estimate.data;
  const draft = record != null && contentEditable(record);
  const readOnly = !draft;
  const showSkeleton = useDelayedFlag(!record || takeoffs.isPending || options.isPending);

  const saveCell = useTakeoffCellSaves(takeoffKey);

  const reloadTakeoff = () => queryClient.invalidateQueries({ queryKey: takeoffKey });

  const openUnit = async (unit: Unit | null) => {
    let takeoffId = takeoff?.id;
    if (unit == null && takeoffId == null) {
      // the estimate's takeoff is made with its first unit
      try {
        const made = await loader.run(saveRecord('takeoffs', { estimate_id: estimateId! }));
        takeoffId = made.id;
        await reloadTakeoff();
      } catch (e) {
        reportError(e);
        return;
      }
    }
    const nextSort = units.reduce((max, u) => Math.max(max, u.sort ?? 0), -1) + 1;
    // The unit dialog (and the form kit it brings) is fetched when opened, not with the grid (docs/platform.md, Budgets).
    const { openTakeoffUnitDialog } = await import('./takeoff-unit-dialog.tsx');
    await openTakeoffUnitDialog(modals, unit ? { record: unit, readOnly } : { initial: { takeoff_id: takeoffId, sort: nextSort } });
    await reloadTakeoff();
  };
  const addUnit = draft ? () => void openUnit(null) : null;
  useScreenAction('add', addUnit);

  const itemsFromTakeoff = async () => {
    if (estimateId == null) return;
    try {
      const answer = await loader.run(callAction(ACTION_ROUTES['estimates.items_from_takeoff'], { params: { id: estimateId } }));
      storeRecords(queryClient, 'estimates', [answer.data]);
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('estimate_items') });
      const said = `${answer.created} ${answer.created === 1 ? 'item' : 'items'} created, ${answer.updated} updated.${matchedText(answer.matched)}`;
      if (await dialogs.confirm(said, { title: 'Items from takeoff', confirmLabel: 'Go to the estimate', cancelLabel: 'Stay here' }))
        void navigate(`/estimates/${estimateId}`);
    } catch (e) {
      reportError(e);
    }
  };

  if (estimateId == null || estimate.isError) {
    return (
      <Stack gap="sm" data-testid="takeoff-not-found">
        <ParentLink label="Estimates" to="/estimates" />
        <ScreenTitle>Not found</ScreenTitle>
      </Stack>
    );
  }
  if (!record || takeoffs.isPending || options.isPending) {
    return showSkeleton ? (
      <Stack gap="md" aria-busy="true" aria-label="Loading">
        <Skeleton h={48} radius="md" />
        <Skeleton h={320} radius="md" />
      </Stack>
    ) : null;
  }

  const noUnits = units.length === 0;
  const noOptions = columns.length === 0;
  return (
    <Stack gap="md" data-testid="takeoff-page">
      <Stack gap={4}>
        <ParentLink label={record.name} to={`/estimates/${record.id}`} />
        <Group justify="space-between" gap="xs" align="flex-end">
          <ScreenTitle>{`Takeoff — ${record.name}`}</ScreenTitle>
          <Group gap="xs">
            {draft && (
              <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => void openUnit(null)}>
                Add Unit
              </Button>
            )}
            {draft && (
              <Button leftSection={<IconListCheck size={16} />} onClick={() => void itemsFromTakeoff()} disabled={noUnits || noOptions}>
                Items from takeoff
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
      {readOnly && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="takeoff-read-only">
          {record.superseded_at != null ? OLDER_REVISION_MESSAGE : `This estimate is ${record.status}: its takeoff is shown read-only. ${ONLY_DRAFTS_MESSAGE}`}
        </Alert>
      )}
      {noOptions && <NoOptions canEditOptions={canEditOptions} />}
      {noUnits && (
        <Paper withBorder p="md" data-testid="takeoff-no-units">
          <Group justify="space-between" gap="xs">
            <Text>No units yet.</Text>
            {draft && (
              <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => void openUnit(null)}>
                Add the first unit
              </Button>
            )}
          </Group>
        </Paper>
      )}
      {!noUnits && !noOptions && (
        <GridEditor<Unit, Option>
          label={`Takeoff — ${record.name}`}
          testId="takeoff-grid"
          rows={units}
          columns={columns}
          rowKey={unitId}
          columnKey={optionId}
          rowName={unitDescription}
          columnName={optionDescription}
          renderRowHeader={UnitHeading}
          renderColumnHeader={optionHeading}
          corner="Unit"
          cellName="qty"
          value={cellValue}
          format={cellText}
          bounds={QTY_BOUNDS}
          onCommit={saveCell}
          describeError={cellError}
          totals={totalsRow}
          onRowOpen={(u) => void openUnit(u)}
          readOnly={readOnly}
          maxHeight="calc(100dvh - 16rem)"
        />
      )}
    </Stack>
  );
}

const unitId = (u: Unit) => u.id;
const optionId = (o: Option) => o.id;
const unitDescription = (u: Unit) => u.description;
const optionDescription = (o: Option) => o.description;
/** An empty cell and a 0 read alike: nothing taken off. */
const cellText = (v: number | null) => (v ? formatQty(v) : '');

function UnitHeading(u: Unit) {
  return (
    <Stack gap={0}>
      <Text span size="sm" fw={500} lineClamp={2}>
        {unitTitle(u)}
      </Text>
      {u.notes && (
        <Text span size="xs" c="dimmed" lineClamp={1}>
          {u.notes}
        </Text>
      )}
    </Stack>
  );
}

function OptionHeading({ option, category }: { option: Option; category: string }) {
  return (
    <Stack gap={0}>
      {category && (
        <Text span size="xs" c="dimmed" fw={400}>
          {category}
        </Text>
      )}
      <span>{option.description}</span>
    </Stack>
  );
}
