/**
 * The Cut List dialog (docs/domain/shop-floor.md, Cut lists): a job product's cut list as indented text (the
 * view), with Add (no rows yet) or Edit for users with `edit jobs`, which turns it into the editor
 * (the kit's TreeEditor: add a row or a sub-row, edit in place, duplicate, delete, move, Enter /
 * Tab / Shift+Tab). Leaving the editor with changes asks "Discard unsaved changes?" (the modal
 * stack's guard); only people who may edit ever get there. Save sends the tree and its text (a
 * PATCH of the job product with its `updated_at`: a stale copy is refused, 409, like any record);
 * rows with empty text are dropped (shared/rules/shop-floor/cut-list.ts, on the server too).
 */
import { CUT_LIST_MAX_DEPTH, CUT_LIST_MAX_TEXT, cutListText, parseCutList, type CutListRow } from '@glazier/shared/rules/shop-floor/cut-list';
import { cutListRows } from '@glazier/shared/rules/shop-floor/job-labels';
import { formatQty } from '@glazier/shared/rules/money';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { useRecord } from '../../resource-kit/records/queries.ts';
import { useSave } from '../../resource-kit/writes/saves.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useCan } from '../../resource-kit/http/session-user.ts';
import type { AreaDialogOptions } from '../../resource-kit/forms/area-dialogs.ts';
import { DialogActions, DialogForm } from '../../ui/dialog-actions.tsx';
import { useLoader } from '../../ui/loader.tsx';
import { useModal, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { TreeEditor, TreeView } from '../../ui/tree-editor.tsx';
import { buildTree, flattenTree, type FlatRow } from '../../ui/tree-rows.ts';
import { cutListFlatRows, nodesCutList } from './job-labels.tsx';

type JobProduct = RecordOf<'job_products'>;

/** The rows as they would be saved (empty rows dropped), for comparing with what is stored. */
function tidy(rows: readonly FlatRow[]): CutListRow[] {
  const parsed = parseCutList(nodesCutList(buildTree(rows)));
  return parsed.ok ? parsed.rows : nodesCutList(buildTree(rows));
}

function Heading({ product }: { product: JobProduct }) {
  return (
    <Text fw={600} data-testid="cut-list-product">
      {product.name || 'Product'}
      <Text span c="dimmed" fw={400}>
        {' '}
        · Qty {formatQty(product.qty)}
      </Text>
    </Text>
  );
}

function CutListEditor({ product, onDone }: { product: JobProduct; onDone: () => void }) {
  const modal = useModal<JobProduct>();
  const loader = useLoader();
  const save = useSave('job_products');
  const stored = cutListRows(product);
  const [rows, setRows] = useState<FlatRow[]>(() => {
    const flat = cutListFlatRows(stored);
    // An empty list opens with its first row to type in.
    return flat.length ? flat : flattenTree([{ text: '', children: [] }]);
  });
  const tree = tidy(rows);
  const dirty = JSON.stringify(tree) !== JSON.stringify(stored);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    if (!dirty) return onDone();
    try {
      const saved = await loader.run(save.mutateAsync({ id: product.id, updated_at: product.updated_at, cut_list_json: tree, cut_list: cutListText(tree) }));
      reportSuccess('Cut list saved.');
      modal.close(saved);
    } catch (err) {
      reportError(err);
    }
  };

  return (
    <DialogForm onSubmit={(e) => void submit(e)} dirty={dirty} footer={<DialogActions />}>
      <Heading product={product} />
      <Text size="xs" c="dimmed" visibleFrom="sm">
        Enter adds the next row · Tab makes a sub-row, Shift+Tab takes it out · Alt+↑/↓ moves a row
      </Text>
      <TreeEditor
        label="Cut list rows"
        rows={rows}
        onChange={setRows}
        maxDepth={CUT_LIST_MAX_DEPTH}
        maxLength={CUT_LIST_MAX_TEXT}
        empty="No rows: add the first."
      />
    </DialogForm>
  );
}

function CutListDialog({ jobProduct, readOnly = false }: AreaDialogOptions['cutList']) {
  const modal = useModal<JobProduct>();
  // The latest copy (a save elsewhere moves updated_at), starting from the one given.
  const record = useRecord('job_products', jobProduct.id, { placeholderData: jobProduct });
  const product = record.data ?? jobProduct;
  const canEdit = useCan('edit', 'jobs') && !readOnly;
  const [editing, setEditing] = useState(false);
  const rows = cutListRows(product);

  if (editing && canEdit) return <CutListEditor product={product} onDone={() => setEditing(false)} />;
  return (
    <Stack gap="sm" data-testid="cut-list-view">
      <Heading product={product} />
      <TreeView label="Cut list" rows={cutListFlatRows(rows)} empty="No cut list yet." />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={() => modal.dismiss()}>
          Close
        </Button>
        {canEdit && (
          <Button leftSection={rows.length ? <IconEdit size={16} /> : <IconPlus size={16} />} onClick={() => setEditing(true)}>
            {rows.length ? 'Edit' : 'Add'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export function openCutListDialog(modals: ModalStackApi, options: AreaDialogOptions['cutList']): Promise<JobProduct | null> {
  return modals.push<JobProduct>(() => <CutListDialog {...options} />, { title: 'Cut List', testId: 'cut-list-dialog', size: 'lg' });
}
