import { act, screen, waitFor, within } from '@testing-library/react';
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

/** A dialog of the kit's own with what a plain one has not: a reference, an id list, dates in a row, a computed value, columns. */
const openTestEstimateDialog = plainDialog('estimates', {
  testId: 'test-estimate-dialog',
  right: 'estimates',
  deleteConfirm: 'Delete this estimate?',
  values: ({ record }) => formValues(record, { client_id: 4, name: '', job_start_date: '2026-03-02', job_end_date: '2026-03-06', product_category_list: [] }),
  useFields: ({ form }) => [
    {
      cols: { base: 1, sm: 2 },
      fields: [
        { stack: ['client_id', 'name'] },
        {
          stack: [
            { row: ['job_start_date', 'job_end_date'] },
            { computed: 'Days', value: form.getValues().job_end_date === '2026-03-06' ? '5' : '?', 'data-testid': 'days' },
            'product_category_list',
          ],
        },
      ],
    },
  ],
});

describe('A dialog’s fields drawn by kind, laid out by the dialog', () => {
  it('draws a reference as its picker, an id list as a multi-select of its records, dates, and a computed value shown and never sent', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/clients/4') return json({ id: 4, name: 'Harbor Homes' });
      if (url.pathname === '/api/product_categories') return json({ data: [{ id: 7, name: 'Mirrors' }] });
      if (url.pathname === '/api/estimates' && init.method === 'POST') return json({ id: 3, ...body(init) }, 201);
      if (init.method === 'GET') return json({ data: [] });
      return undefined;
    });
    const stack = renderModalStack('admin');
    let result!: Promise<unknown>;
    act(() => {
      result = openTestEstimateDialog(stack());
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Estimate' });
    await waitFor(() => expect((within(dialog).getByRole('combobox', { name: 'Client' }) as HTMLInputElement).value).toContain('Harbor Homes'));
    expect((within(dialog).getByRole('textbox', { name: 'Job start date' }) as HTMLInputElement).value).toBe('3/2/2026');
    expect((within(dialog).getByTestId('days') as HTMLInputElement).readOnly).toBe(true);
    expect((within(dialog).getByTestId('days') as HTMLInputElement).value).toBe('5');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Lobby');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Scopes' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Mirrors' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(result).resolves.toMatchObject({ id: 3 });
    const sent = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ client_id: 4, name: 'Lobby', job_start_date: '2026-03-02', product_category_list: [7] });
    expect(sent).not.toHaveProperty('Days');
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
      const resources = [...text.matchAll(/use(?:Record)?Dialog\('(\w+)'|plainDialog(?:<[^(]*>)?\(\s*'(\w+)'/g)].map((m) => ({
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
