/**
 * Product Material dialog (docs/domain/catalogue.md, Assemblies): one line of an assembly — the material (required:
 * "The material is required.") and its qty (default 1); "Remove this material?" before removing.
 *
 * The Product dialog edits its lines as a draft (`editProductMaterialLine`: nothing is written until
 * the product is saved, with its lines, in one request). `openProductMaterialDialog` edits a saved
 * line on its own (the record-dialog registry's opener).
 */
import { Button } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useRecord } from '../../resource-kit/records/queries.ts';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { fieldBounds } from '../../resource-kit/forms/field-bounds.ts';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { recordDialogTitle, RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { DialogActions, DialogForm } from '../../ui/dialog-actions.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';
import { QtyField } from '../../ui/fields.tsx';
import { useModal, useModalTitle, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { ReadOnly } from '../../ui/read-only.tsx';

export const MATERIAL_REQUIRED = 'The material is required.';
const REMOVE_CONFIRM = 'Remove this material?';

/** A line as the Product dialog keeps it: saved ones have an id; `material` is the picked record, when known. */
export interface DraftLine {
  id?: number;
  /** Stable key for new lines in the list. */
  key: string;
  material_id: number | null;
  qty: number;
  material?: RecordOf<'materials'> | null;
}

export type LineResult = { line: DraftLine } | { removed: true };

/** Opens the stacked creation dialog of a material (from the picker's Add New row); undefined: no adding. */
export type AddMaterial = ((prefill: { name: string; description: string }) => Promise<RecordOf<'materials'> | null>) | undefined;

interface LineFormProps {
  line: DraftLine | null;
  canEdit: boolean;
  addMaterial: AddMaterial;
}

let nextKey = 1;
export const newLineKey = () => `new-${nextKey++}`;

function ProductMaterialLineForm({ line, canEdit, addMaterial }: LineFormProps) {
  const modal = useModal<LineResult>();
  const dialogs = useDialogs();
  const [materialId, setMaterialId] = useState<number | null>(line?.material_id ?? null);
  const [material, setMaterial] = useState<RecordOf<'materials'> | null>(line?.material ?? null);
  const [qty, setQty] = useState<number | null>(line?.qty ?? 1);
  const [error, setError] = useState<string | null>(null);
  useModalTitle(recordDialogTitle('Product Material', !line, canEdit));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (materialId == null) {
      setError(MATERIAL_REQUIRED);
      return;
    }
    modal.close({ line: { key: line?.key ?? newLineKey(), id: line?.id, material_id: materialId, material, qty: qty ?? 0 } });
  };
  const onRemove = async () => {
    if (await dialogs.confirm(REMOVE_CONFIRM, { danger: true, title: 'Remove Material', confirmLabel: 'Remove' })) modal.close({ removed: true });
  };

  return (
    <DialogForm
      onSubmit={onSubmit}
      dirty={canEdit && (materialId !== (line?.material_id ?? null) || qty !== (line?.qty ?? 1))}
      footer={
        <DialogActions
          canSave={canEdit}
          saveLabel="OK"
          extra={
            line && canEdit ? (
              <Button color="red" variant="subtle" onClick={() => void onRemove()}>
                Remove
              </Button>
            ) : null
          }
        />
      }
    >
      <ReadOnly value={!canEdit}>
        <MaterialFields
          materialId={materialId}
          qty={qty}
          error={error}
          addMaterial={addMaterial}
          onMaterial={(id, m) => {
            setMaterialId(id);
            setMaterial(m);
            setError(null);
          }}
          onQty={setQty}
        />
      </ReadOnly>
    </DialogForm>
  );
}

interface MaterialFieldsProps {
  materialId: number | null;
  qty: number | null;
  error?: React.ReactNode;
  qtyError?: React.ReactNode;
  addMaterial: AddMaterial;
  onMaterial: (id: number | null, material: RecordOf<'materials'> | null) => void;
  onQty: (qty: number | null) => void;
}

function MaterialFields({ materialId, qty, error, qtyError, addMaterial, onMaterial, onQty }: MaterialFieldsProps) {
  // A material is shown by its number with the description beneath (docs/platform.md, Dialogs).
  const material = useRecord('materials', materialId);
  return (
    <>
      <RecordPicker
        resource="materials"
        label="Material"
        value={materialId}
        onChange={onMaterial}
        error={error}
        helper={material.data?.description}
        onAddNew={addMaterial}
        data-testid="material-picker"
      />
      <QtyField label="Qty" value={qty} onChange={onQty} error={qtyError} bounds={fieldBounds('product_materials', 'qty')} />
    </>
  );
}

/** Edits one draft line of the Product dialog (null line: a new one). Resolves with the line, `{removed}`, or null. */
export function editProductMaterialLine(modals: ModalStackApi, props: LineFormProps): Promise<LineResult | null> {
  return modals.push<LineResult>(() => <ProductMaterialLineForm {...props} />, { testId: 'product-material-dialog' });
}

interface RecordProps {
  record?: RecordOf<'product_materials'> | null;
  initial?: Partial<InputOf<'product_materials'>>;
  addMaterial?: AddMaterial;
}

function ProductMaterialRecordForm({ record, initial, addMaterial }: RecordProps) {
  const canEdit = useCan('edit', 'products');
  const dialog = useRecordDialog('product_materials', {
    deleteConfirm: REMOVE_CONFIRM,
    initialValues: formValues(record, { product_id: initial?.product_id ?? null, material_id: initial?.material_id ?? null, qty: initial?.qty ?? 1 }),
  });
  const { form } = dialog;
  const values = form.getValues();
  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
    if (values.material_id == null) {
      event?.preventDefault();
      form.setFieldError('material_id', MATERIAL_REQUIRED);
      return;
    }
    dialog.onSubmit(event);
  };
  return (
    <RecordDialogForm dialog={{ ...dialog, onSubmit }} canSave={canEdit} canDelete={canEdit}>
      <MaterialFields
        materialId={values.material_id}
        qty={values.qty}
        error={form.errors.material_id}
        qtyError={form.errors.qty}
        addMaterial={canEdit ? addMaterial : undefined}
        onMaterial={(id) => form.setFieldValue('material_id', id)}
        onQty={(q) => form.setFieldValue('qty', q ?? 0)}
      />
    </RecordDialogForm>
  );
}

/** A saved product material on its own (the registry's opener); resolves with the saved line or null. */
export function openProductMaterialDialog(modals: ModalStackApi, props: RecordProps = {}): Promise<RecordOf<'product_materials'> | null> {
  return modals.push<RecordOf<'product_materials'>>(() => <ProductMaterialRecordForm {...props} />, { testId: 'product-material-dialog' });
}
