import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import type { FieldDef } from '@glazier/shared/resources/fields';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderModalStack } from '../../test/render.tsx';
import { useList } from '../records/queries.ts';
import { RefSelect } from '../pickers/ref-select.tsx';
import { formValues } from '../forms/pick.ts';
import { plainDialog } from './plain-dialog.tsx';

const body = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

/** A plain dialog of the kit's own, with a reference select as its slot. */
const openTestMaterialDialog = plainDialog('materials', {
  testId: 'test-material-dialog',
  right: 'inventory',
  deleteConfirm: 'Delete this material?',
  values: ({ record }) => formValues(record, { number: '', description: '', material_category_id: null, reorder_qty: 0, active: true }),
  useFields: function useTestFields({ field, isNew }) {
    const categories = useList('material_categories');
    return [
      'number',
      'description',
      <RefSelect key="category" records={categories.data} {...field('material_category_id')} />,
      'reorder_qty',
      !isNew && 'active',
    ];
  },
});

describe('A plain dialog drawn from the definition', () => {
  it('labels each field and its help from the definition, and sends a reference select’s choice as an id', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/material_categories') return json({ data: [{ id: 3, name: 'Glass' }] });
      if (url.pathname === '/api/materials' && init.method === 'POST') return json({ id: 5, ...body(init) }, 201);
      return undefined;
    });
    const stack = renderModalStack('admin');
    let result!: Promise<unknown>;
    act(() => {
      result = openTestMaterialDialog(stack());
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Material' });
    // the help written on the definition shows under its field; a new record has no Active switch
    expect(within(dialog).getByText('Reorder below this')).toBeTruthy();
    expect(within(dialog).queryByRole('switch', { name: 'Active' })).toBeNull();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Number' }), 'GL-1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Clear');
    // a text its definition shows in several lines
    expect(within(dialog).getByRole('textbox', { name: 'Description' }).tagName).toBe('TEXTAREA');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Glass' }));
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Reorder qty' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reorder qty' }), '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(result).resolves.toMatchObject({ id: 5 });
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ number: 'GL-1', description: 'Clear', material_category_id: 3, reorder_qty: 4 });
  });

  it('shows a saved record’s yes/no field as a switch named by its definition', async () => {
    mockFetch((url) => (url.pathname === '/api/material_categories' ? json({ data: [] }) : undefined));
    const stack = renderModalStack('admin');
    act(() => {
      void openTestMaterialDialog(stack(), {
        record: { id: 5, number: 'GL-1', description: null, material_category_id: null, reorder_qty: 0, active: true } as never,
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Material' });
    expect((within(dialog).getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
  });
});

/** Every dialog source under features/. */
function dialogSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return dialogSources(path);
    return path.endsWith('.tsx') && !path.endsWith('.test.tsx') ? [path] : [];
  });
}

describe('A field’s label is written once', () => {
  it('no dialog writes again, beside a field’s input, the label its definition gives', () => {
    const again: string[] = [];
    for (const path of dialogSources(join(__dirname, '../../features'))) {
      const text = readFileSync(path, 'utf8');
      const resources = [...text.matchAll(/use(?:Record)?Dialog\('(\w+)'|plainDialog\('(\w+)'/g)].map((m) => ({
        at: m.index,
        name: (m[1] ?? m[2]) as ResourceName,
      }));
      for (const m of text.matchAll(/(?:getInputProps|field)\('(\w+)'/g)) {
        const resource = resources.filter((r) => r.at < m.index).at(-1)?.name;
        if (!resource) continue;
        const label = (RESOURCES[resource].fields as Record<string, FieldDef>)[m[1] ?? '']?.label;
        // the element the input's props are spread into: from its tag to them
        const element = text.slice(text.lastIndexOf('<', m.index), m.index);
        if (label && element.includes(`label="${label}"`)) again.push(`${path}: ${resource}.${m[1]} "${label}"`);
      }
    }
    expect(again).toEqual([]);
  });
});
