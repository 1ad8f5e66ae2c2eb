/**
 * A record dialog's fields, drawn from the resource's definition (docs/platform.md, Dialogs): each
 * field's input by its kind (text, a note's text area, money, qty, whole number, length, phone,
 * yes/no, one of a list, a date, a reference: the record picker, or a reference select where the
 * definition's `widget` is `select`, several references: a multi-select), with the label and help
 * its definition writes, in the order the dialog lists them.
 *
 *   <RecordFields dialog={dialog} fields={[
 *     'name',                                          // its input, label and help from the definition
 *     ['email', { disabled: !canEditEmail }],          // with props of the dialog's own (they win)
 *     ['client_id', { onChange: pickClient }],         // a reference: the picker of its resource
 *     <Alert key="note">…</Alert>,                     // a slot: anything special, where it stands
 *     { row: ['reorder_qty', 'economic_order_qty'] },  // side by side, each as wide (grow: false: each its own width)
 *     { cols: { base: 1, sm: 2 }, fields: [{ stack: [...] }, { stack: [...] }] },  // columns, one under the other on a phone
 *     { computed: 'Amount', value: formatMoney(amount) },  // shown, never typed or sent
 *     !isNew && 'active',                              // a rule: only when editing
 *   ]} />
 *
 * The first field listed takes the focus as the dialog opens. What the kind alone does not say is
 * the field's `widget` (a bool is a switch unless it is `checkbox`; a text can be `textarea`; a
 * reference to a short list is a `select`).
 */
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import type { FieldDef } from '@glazier/shared/resources/fields';
import { Group, SimpleGrid, Stack, TextInput, type MantineSpacing, type SimpleGridProps } from '@mantine/core';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { CheckField } from '../../ui/check-field.tsx';
import { DateField } from '../../ui/date-field.tsx';
import { IntField, LengthField, MoneyField, PhoneField, QtyField } from '../../ui/fields.tsx';
import { readOnlyInputProps } from '../../ui/read-only.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { PasswordField, TextAreaField, TextField, type TextAreaFieldProps, type TextFieldProps } from '../../ui/text-field.tsx';
import { RecordPicker } from '../pickers/record-picker.tsx';
import { RefMultiSelect } from '../pickers/ref-multi-select.tsx';
import { RefSelect } from '../pickers/ref-select.tsx';
import { useList } from '../records/queries.ts';

/** A shown value that is worked out, never typed nor sent (a line's amount from its qty and price). */
export interface Computed {
  computed: string;
  value: ReactNode;
  'data-testid'?: string;
}

/**
 * One entry of the list: a field by name, a field with props of the dialog's, a slot, a row of
 * equal fields, a grid of columns, a column, a computed value, or nothing (a rule said no).
 */
export type FieldEntry<F extends string> =
  | F
  | readonly [F, Record<string, unknown>]
  | ReactElement
  | { cols: SimpleGridProps['cols']; spacing?: SimpleGridProps['spacing']; fields: readonly FieldEntry<F>[] }
  | { row: readonly FieldEntry<F>[]; grow?: boolean; gap?: MantineSpacing }
  | { stack: readonly FieldEntry<F>[] }
  | Computed
  | false
  | ''
  | null
  | undefined;

interface RecordFieldsProps<F extends string> {
  dialog: { resource: ResourceName; field: (name: F) => Record<string, unknown> };
  fields: readonly FieldEntry<F>[];
}

type Group_<F extends string> = Exclude<FieldEntry<F>, F | readonly [F, Record<string, unknown>] | ReactElement | Computed | false | '' | null | undefined>;

const childrenOf = <F extends string>(entry: Group_<F>): readonly FieldEntry<F>[] =>
  'cols' in entry ? entry.fields : 'row' in entry ? entry.row : entry.stack;

export function RecordFields<F extends string>({ dialog, fields }: RecordFieldsProps<F>) {
  const first = firstName(fields);
  const render = (entries: readonly FieldEntry<F>[]): ReactNode[] =>
    entries.map((entry, i) => {
      if (!entry) return null;
      if (isValidElement(entry)) return entry;
      if (typeof entry === 'object' && 'computed' in entry)
        return <TextInput key={i} label={entry.computed} value={String(entry.value ?? '')} data-testid={entry['data-testid']} {...readOnlyInputProps(true)} />;
      if (typeof entry === 'object' && !Array.isArray(entry)) {
        const group = entry as Group_<F>;
        const inner = render(childrenOf(group));
        if ('cols' in group)
          return (
            <SimpleGrid key={i} cols={group.cols} spacing={group.spacing ?? 'sm'} verticalSpacing="sm">
              {inner}
            </SimpleGrid>
          );
        if ('row' in group)
          return (
            <Group key={i} grow={group.grow ?? true} align="flex-start" gap={group.gap ?? 'sm'}>
              {inner}
            </Group>
          );
        return (
          <Stack key={i} gap="sm">
            {inner}
          </Stack>
        );
      }
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
  for (const entry of entries) {
    if (!entry) continue;
    if (typeof entry === 'string') return entry;
    if (Array.isArray(entry)) return entry[0] as F;
    if (isValidElement(entry) || 'computed' in entry) return undefined;
    const inner = firstName(childrenOf(entry as Group_<F>));
    if (inner) return inner;
  }
  return undefined;
}

/**
 * The field's props as its input takes them: `field()` made them for this field's kind
 * (definitionFields), which a record of props cannot say to the compiler: the one cast of them.
 */
const inputProps = <C extends (props: never) => unknown>(props: Record<string, unknown>) => props as unknown as Parameters<C>[0];

/** A field's input by its kind; a bool takes no focus of its own (a switch is not typed into). */
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
    case 'password':
      return <PasswordField autoComplete="new-password" {...inputProps<typeof PasswordField>(props)} />;
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
    case 'date': {
      const { autoFocusDelayed: _focus, ...rest } = props;
      return <DateField {...inputProps<typeof DateField>(rest)} />;
    }
    case 'bool': {
      const { autoFocusDelayed: _focus, helper: _helper, ...rest } = props;
      return <CheckField kind={def.widget === 'checkbox' ? 'checkbox' : 'switch'} {...inputProps<typeof CheckField>(rest)} />;
    }
    case 'enum': {
      // a select opens on a click or a key, not as the dialog opens
      const { autoFocusDelayed: _focus, ...rest } = props;
      return <SelectField data={[...(def.values ?? [])]} {...inputProps<typeof SelectField>(rest)} />;
    }
    case 'ref':
    case 'idList':
      return <ReferenceInput def={def} props={props} />;
    default:
      throw new Error(`A ${def.kind} field is a slot of its dialog (record-fields.tsx).`);
  }
}

/** A reference: the picker of its resource, or the whole short list (`widget: 'select'`, several for an id list). */
function ReferenceInput({ def, props }: { def: FieldDef; props: Record<string, unknown> }) {
  const resource = def.ref as ResourceName;
  const listed = def.kind === 'idList' || def.widget === 'select';
  const list = useList(resource, {}, { enabled: listed });
  const { autoFocusDelayed, ...rest } = props;
  if (def.kind === 'idList') return <RefMultiSelect searchable {...inputProps<typeof RefMultiSelect>(rest)} records={list.data} />;
  if (listed) return <RefSelect {...inputProps<typeof RefSelect>(rest)} records={list.data} />;
  return <RecordPicker autoFocus={autoFocusDelayed === true} {...inputProps<typeof RecordPicker>(rest)} resource={resource} />;
}
