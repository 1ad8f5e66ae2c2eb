/**
 * The zod schema of a record as the API answers it (the generic reads and the named actions that
 * answer records), for the OpenAPI document and its checks of real answers. Typed as `RecordOf<N>`
 * (records.ts derives the same type from the same field definitions); its input side is any
 * record, the server's untyped rows.
 *
 * Deliberately tolerant where the output rules decide per caller: every field may be left out
 * (guarded costs without the right, a user's private details) and, bools aside, may be null;
 * embedded relations and computed extras are extra keys. What it does pin down: the id, and each
 * present field's JSON type.
 */
import { z } from 'zod';
import type { FieldDef } from './fields.ts';
import type { ResourceDef } from './define.ts';
import type { RecordOf } from './records.ts';
import { RESOURCES, type ResourceName } from './registry.ts';

type ReadSchema<N extends ResourceName> = z.ZodType<RecordOf<N>, Record<string, unknown>>;

function fieldReadSchema(fd: FieldDef): z.ZodType {
  switch (fd.kind) {
    case 'int':
    case 'money':
    case 'qty':
    case 'length':
    case 'ref':
      return z.number().nullable();
    case 'bool':
      return z.boolean();
    case 'idList':
      return z.array(z.number());
    case 'enum':
      return z.enum(fd.values as [string, ...string[]]).nullable();
    case 'json':
      return z.unknown();
    default:
      return z.string().nullable();
  }
}

const built = new Map<string, z.ZodType>();

function build(def: ResourceDef): z.ZodType {
  const shape: Record<string, z.ZodType> = {
    id: z.number().int(),
    created_at: z.string().nullable().optional(),
    updated_at: z.string().nullable().optional(),
    deleted_at: z.string().nullable().optional(),
  };
  for (const [name, fd] of Object.entries(def.fields)) if (!fd.writeOnly) shape[name] = fieldReadSchema(fd).optional();
  return z.looseObject(shape).meta({ id: `${def.name}_record`, description: `A ${def.label.toLowerCase()} as the API answers it.` });
}

/** The read schema of resource `name` (built once). */
export function recordRead<N extends ResourceName>(name: N): ReadSchema<N> {
  let schema = built.get(name);
  if (!schema) built.set(name, (schema = build(RESOURCES[name])));
  // The schema is built from the same definition RecordOf<N> is typed from (see the top).
  return schema as ReadSchema<N>;
}

const builtSaved = new Map<string, z.ZodType>();

/**
 * The schema of a save's answer of resource `name`: the record with the relations the save embeds
 * (writable and `savedWith`: a job product's pieces), each described; the record itself when it
 * embeds none.
 */
export function savedRecordRead<N extends ResourceName>(name: N): ReadSchema<N> {
  let schema = builtSaved.get(name);
  if (!schema) {
    const def = RESOURCES[name] as ResourceDef;
    const embedded = Object.entries(def.relations).filter(([, r]) => r.writable || r.savedWith);
    const record = recordRead(name) as unknown as z.ZodObject;
    schema = embedded.length
      ? record
          .extend(
            Object.fromEntries(
              embedded.map(([rel, r]) => {
                const child = recordRead(r.resource as ResourceName);
                return [rel, (r.kind === 'many' ? z.array(child) : child.nullable()).optional()];
              }),
            ),
          )
          .meta({ id: `${def.name}_saved`, description: `A ${def.label.toLowerCase()} as its save answers it, with the relations the save may change.` })
      : record;
    builtSaved.set(name, schema);
  }
  return schema as ReadSchema<N>;
}

/** Any record (an action that serves every resource, as restore does). */
export const anyRecordRead: z.ZodType<{ id: number } & Record<string, unknown>, Record<string, unknown>> = z
  .looseObject({ id: z.number().int() })
  .meta({ id: 'any_record' });
