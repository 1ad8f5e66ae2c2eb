/**
 * A plain dialog's fields, drawn from the resource's definition (docs/platform.md, Dialogs): each
 * field's input by its kind (text, a note's text area, money, qty, whole number, length, phone,
 * yes/no, one of a list), with the label and help its definition writes, in the order the dialog lists them.
 *
 *   <RecordFields dialog={dialog} fields={[
 *     'name',                                          // its input, label and help from the definition
 *     ['email', { disabled: !canEditEmail }],          // with props of the dialog's own
 *     <RecordPicker key="c" resource="material_categories" {...dialog.field('material_category_id')} />,  // a slot
 *     { cols: 2, fields: ['reorder_qty', 'economic_order_qty'] },   // side by side
 *     !isNew && 'active',                              // only when editing
 *   ]} />
 *
 * The first field listed takes the focus as the dialog opens. What the kind alone does not say is
 * the field's `widget` (a bool is a switch unless it is `checkbox`; a text can be `textarea`). A
 * reference (a picker) and a date are slots: the pickers sit above the forms in the kit, and the
 * calendar is fetched only by the dialogs that show one.
 */
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import type { FieldDef } from '@glazier/shared/resources/fields';
import { SimpleGrid } from '@mantine/core';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { CheckField } from '../../ui/check-field.tsx';
import { IntField, LengthField, MoneyField, PhoneField, QtyField } from '../../ui/fields.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextAreaField, TextField, type TextAreaFieldProps, type TextFieldProps } from '../../ui/text-field.tsx';

/** One entry of the list: a field by name, a field with props of the dialog's, a slot, a row of columns, or nothing. */
export type FieldEntry<F extends string> =
  F | readonly [F, Record<string, unknown>] | ReactElement | { cols: number; fields: readonly FieldEntry<F>[] } | false | null | undefined;

interface RecordFieldsProps<F extends string> {
  dialog: { resource: ResourceName; field: (name: F) => Record<string, unknown> };
  fields: readonly FieldEntry<F>[];
}

export function RecordFields<F extends string>({ dialog, fields }: RecordFieldsProps<F>) {
  const first = firstName(fields);
  const render = (entries: readonly FieldEntry<F>[]): ReactNode[] =>
    entries.map((entry, i) => {
      if (!entry) return null;
      if (isValidElement(entry)) return entry;
      if (typeof entry === 'object' && 'cols' in entry)
        return (
          <SimpleGrid key={i} cols={entry.cols} spacing="sm" verticalSpacing="sm">
            {render(entry.fields)}
          </SimpleGrid>
        );
      const [name, own] = typeof entry === 'string' ? [entry as F, {}] : (entry as readonly [F, Record<string, unknown>]);
      return (
        <FieldInput
          key={name}
          def={defOf(dialog.resource, name)}
          props={{ ...dialog.field(name), ...(name === first && { autoFocusDelayed: true }), ...own }}
        />
      );
    });
  return <>{render(fields)}</>;
}

const defOf = (resource: ResourceName, name: string): FieldDef => {
  const def = (RESOURCES[resource].fields as Record<string, FieldDef>)[name];
  if (!def) throw new Error(`${resource} has no field ${name}`);
  return def;
};

function firstName<F extends string>(entries: readonly FieldEntry<F>[]): F | undefined {
  const entry = entries.find(Boolean);
  if (typeof entry === 'string') return entry;
  if (Array.isArray(entry)) return entry[0] as F;
  if (entry && !isValidElement(entry) && typeof entry === 'object' && 'cols' in entry) return firstName(entry.fields);
  return undefined;
}

/** A field's input by its kind; a bool takes no focus of its own (a switch is not typed into). */
/**
 * The field's props as its input takes them: `field()` made them for this field's kind
 * (definitionFields), which a record of props cannot say to the compiler: the one cast of them.
 */
const inputProps = <C extends (props: never) => unknown>(props: Record<string, unknown>) => props as unknown as Parameters<C>[0];

function FieldInput({ def, props }: { def: FieldDef; props: Record<string, unknown> }) {
  const text = props as TextFieldProps;
  const number = inputProps<typeof MoneyField>(props);
  switch (def.kind) {
    case 'text':
      return def.widget === 'textarea' ? <TextAreaField autosize minRows={2} {...(props as TextAreaFieldProps)} /> : <TextField {...text} />;
    case 'longText':
      return <TextAreaField autosize minRows={2} {...(props as TextAreaFieldProps)} />;
    case 'email':
      return <TextField type="email" {...text} />;
    case 'phone':
      return <PhoneField {...inputProps<typeof PhoneField>(props)} />;
    case 'money':
      return <MoneyField {...number} />;
    case 'qty':
      return <QtyField {...number} />;
    case 'int':
      return <IntField {...number} />;
    case 'length':
      return <LengthField {...inputProps<typeof LengthField>(props)} />;
    case 'bool': {
      const { autoFocusDelayed: _focus, helper: _helper, ...rest } = props;
      return <CheckField kind={def.widget === 'checkbox' ? 'checkbox' : 'switch'} {...inputProps<typeof CheckField>(rest)} />;
    }
    case 'enum':
      return <SelectField data={[...(def.values ?? [])]} {...inputProps<typeof SelectField>(props)} />;
    default:
      throw new Error(`A ${def.kind} field is a slot of its dialog (record-fields.tsx).`);
  }
}
