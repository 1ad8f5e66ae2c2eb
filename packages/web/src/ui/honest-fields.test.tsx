/**
 * Honest inputs: what a person types in a number or date field is either accepted as
 * exactly that, or kept as typed with a message beneath, and the form does not submit it.
 */
import { numberBounds } from '@glazier/shared/resources/fields';
import { useForm } from '@mantine/form';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { DialogForm } from './dialog-actions.tsx';
import { LengthField, MoneyField, QtyField } from './fields.tsx';
import { DateField, INVALID_DATE, parseDateText } from './date-field.tsx';
import { numberText, readNumberText } from './number-text.ts';

describe('readNumberText', () => {
  it('accepts what says one number exactly, in the forms people type', () => {
    expect(readNumberText('12', 'qty')).toEqual({ ok: true, value: 12 });
    expect(readNumberText(' 12.5 ', 'qty')).toEqual({ ok: true, value: 12.5 });
    expect(readNumberText('.5', 'qty')).toEqual({ ok: true, value: 0.5 });
    expect(readNumberText('1,234.50', 'money')).toEqual({ ok: true, value: 1234.5 });
    expect(readNumberText('$1,234.50', 'money')).toEqual({ ok: true, value: 1234.5 });
    expect(readNumberText('-$5', 'money')).toEqual({ ok: true, value: -5 });
    expect(readNumberText('$-5', 'money')).toEqual({ ok: true, value: -5 });
    expect(readNumberText('\u22125', 'qty')).toEqual({ ok: true, value: -5 }); // the typographic minus
    expect(readNumberText('-5', 'qty')).toEqual({ ok: true, value: -5 });
    expect(readNumberText('1.500', 'money')).toEqual({ ok: true, value: 1.5 });
    expect(readNumberText('', 'money')).toEqual({ ok: true, value: null });
    expect(readNumberText('7', 'int')).toEqual({ ok: true, value: 7 });
  });

  it('refuses what it would have to guess at: no dropped letters, no rounding', () => {
    expect(readNumberText('1e20', 'money')).toEqual({ ok: false, error: 'Must be a number.' });
    expect(readNumberText('abc', 'qty')).toEqual({ ok: false, error: 'Must be a number.' });
    expect(readNumberText('1,2', 'qty')).toEqual({ ok: false, error: 'Must be a number.' });
    expect(readNumberText('5-', 'qty')).toEqual({ ok: false, error: 'Must be a number.' });
    expect(readNumberText('--5', 'qty')).toEqual({ ok: false, error: 'Must be a number.' });
    expect(readNumberText('$5', 'qty')).toEqual({ ok: false, error: 'Must be a number.' });
    expect(readNumberText('1.234', 'money')).toEqual({ ok: false, error: 'Must have at most 2 decimal places.' });
    expect(readNumberText('0.123456', 'qty')).toEqual({ ok: false, error: 'Must have at most 5 decimal places.' });
    expect(readNumberText('2.5', 'int')).toEqual({ ok: false, error: 'Must be a whole number.' });
  });

  it('shows stored values in the field’s own format', () => {
    expect(numberText(1234.5, 'money')).toBe('$1,234.50');
    expect(numberText(-5, 'money')).toBe('-$5.00');
    expect(numberText(12.5, 'qty')).toBe('12.5');
    expect(numberText(0.00001, 'qty')).toBe('0.00001');
    expect(numberText(null, 'qty')).toBe('');
  });
});

describe('parseDateText', () => {
  it('reads real days and refuses the rest instead of rolling over', () => {
    expect(parseDateText('2/3/2026')).toBe('2026-02-03');
    expect(parseDateText('02/28/2026')).toBe('2026-02-28');
    expect(parseDateText('2/29/2028')).toBe('2028-02-29');
    expect(parseDateText('2-3-26')).toBe('2026-02-03');
    expect(parseDateText('2026-02-03')).toBe('2026-02-03');
    expect(parseDateText('02/30/2026')).toBeNull();
    expect(parseDateText('2/29/2026')).toBeNull();
    expect(parseDateText('13/1/2026')).toBeNull();
    expect(parseDateText('2/3/202')).toBeNull();
    expect(parseDateText('soon')).toBeNull();
  });
});

const nonNegative = numberBounds({ kind: 'qty', min: 0 });

interface Values {
  price: number | null;
  qty: number | null;
  signed: number | null;
  date: string | null;
  width: number | string | null;
}

function Harness({ initial, onSubmit }: { initial?: Partial<Values>; onSubmit: (v: Values) => void }) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { price: null, qty: null, signed: null, date: null, width: null, ...initial },
  });
  return (
    <DialogForm
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(form.getValues());
      }}
      footer={<button type="submit">Save</button>}
    >
      <MoneyField label="Price" bounds={numberBounds({ kind: 'money', min: 0 })} {...form.getInputProps('price')} />
      <QtyField label="Qty" bounds={nonNegative} {...form.getInputProps('qty')} />
      <QtyField label="Adjust by" bounds={numberBounds({ kind: 'qty' })} {...form.getInputProps('signed')} />
      <DateField label="Date" {...form.getInputProps('date')} />
      <LengthField label="Width" bounds={numberBounds({ kind: 'length' })} {...form.getInputProps('width')} />
    </DialogForm>
  );
}

const box = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });

describe('number fields', () => {
  it('keep "1e20" as typed with "Must be a number." and the form does not submit it', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(box('Price'), '1e20');
    await user.tab();
    expect(box('Price').value).toBe('1e20');
    expect(screen.getByText('Must be a number.')).toBeTruthy();
    expect(box('Price').getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(box('Price'));
  });

  it('keep "-5" and "−5" as typed with the range message where the minimum is 0; a signed field takes them', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(box('Qty'), '-5');
    await user.tab();
    expect(box('Qty').value).toBe('-5');
    expect(screen.getByText('Must not be negative.')).toBeTruthy();
    await user.clear(box('Qty'));
    expect(screen.queryByText('Must not be negative.')).toBeNull(); // typing again takes it away
    await user.type(box('Qty'), '\u22125');
    await user.tab();
    expect(box('Qty').value).toBe('\u22125');
    expect(screen.getByText('Must not be negative.')).toBeTruthy();

    await user.type(box('Adjust by'), '\u22127');
    await user.tab();
    expect(box('Adjust by').value).toBe('-7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled(); // Qty still breaks its rule
    await user.clear(box('Qty'));
    await user.type(box('Qty'), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ qty: 5, signed: -7 }));
  });

  it('accept exactly what was typed, shown in the field’s format once left', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(box('Price'), '1234.5');
    await user.tab();
    expect(box('Price').value).toBe('$1,234.50');
    await user.type(box('Qty'), '2.12345{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ price: 1234.5, qty: 2.12345 }));
  });

  it('refuse more decimals than the column keeps instead of rounding them away', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} initial={{ price: 3 }} />);
    const user = userEvent.setup();
    expect(box('Price').value).toBe('$3.00');
    await user.clear(box('Price'));
    await user.type(box('Price'), '1.234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(box('Price').value).toBe('1.234');
    expect(screen.getByText('Must have at most 2 decimal places.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a length of 0 is refused with the size rule, the text kept', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(box('Width'), '0');
    await user.tab();
    expect(box('Width').value).toBe('0');
    expect(screen.getByText('Must be more than 0.')).toBeTruthy();
    await user.type(box('Width'), '{Backspace}35 7/16');
    await user.tab();
    expect(box('Width').value).toBe('35 7/16"');
  });
});

describe('date field', () => {
  it('02/30/2026 stays as typed with "Invalid date", the value is not changed and the form does not submit', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} initial={{ date: '2026-03-01' }} />);
    const user = userEvent.setup();
    expect(box('Date').value).toBe('3/1/2026');
    await user.clear(box('Date'));
    await user.type(box('Date'), '02/30/2026');
    await user.tab();
    expect(box('Date').value).toBe('02/30/2026');
    expect(screen.getByText(INVALID_DATE)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(box('Date'));
    await user.type(box('Date'), '2/28/2026');
    await user.tab();
    expect(screen.queryByText(INVALID_DATE)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ date: '2026-02-28' }));
  });

  it('a cleared date is no problem', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} initial={{ date: '2026-03-01' }} />);
    const user = userEvent.setup();
    await user.clear(box('Date'));
    await user.tab();
    act(() => box('Date').form!.requestSubmit());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ date: null }));
  });
});
