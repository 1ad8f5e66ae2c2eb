import { useForm } from '@mantine/form';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { DialogForm } from './dialog-actions.tsx';
import { LengthField } from './fields.tsx';

const MESSAGE = 'Enter inches like 35 7/16 or 35.4375.';

let form!: ReturnType<typeof useForm<{ glass_width: number | string | null; glass_height: number | string | null }>>;

function Harness({ width = null, onSubmit = () => {} }: { width?: number | null; onSubmit?: (v: unknown) => void }) {
  form = useForm({
    mode: 'controlled',
    initialValues: { glass_width: width as number | string | null, glass_height: null as number | string | null },
    clearInputErrorOnChange: true,
  });
  return (
    <DialogForm
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(form.getValues());
      }}
      footer={<button type="submit">Save</button>}
    >
      <LengthField label="Glass width" {...form.getInputProps('glass_width')} />
      <LengthField label="Glass height" {...form.getInputProps('glass_height')} />
      <output data-testid="value">{JSON.stringify(form.getValues().glass_width)}</output>
    </DialogForm>
  );
}

const width = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Glass width' });
const value = () => JSON.parse(screen.getByTestId('value').textContent!);

describe('LengthField', () => {
  it('reads 35-7/16 on blur: the form holds 35.4375 and the field shows 35 7/16"', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    await user.type(width(), '35-7/16');
    expect(value()).toBeNull(); // read on blur, not on every key
    await user.tab();
    expect(value()).toBe(35.4375);
    expect(width().value).toBe('35 7/16"');
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });

  it('shows the message beneath for text it cannot read, and drops it when the user types again', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    await user.type(width(), 'about three feet');
    await user.tab();
    expect(screen.getByText(MESSAGE)).toBeTruthy();
    expect(width().getAttribute('aria-invalid')).toBe('true');
    await user.clear(width());
    expect(screen.queryByText(MESSAGE)).toBeNull();
    await user.type(width(), '72');
    await user.tab();
    expect(value()).toBe(72);
    expect(width().value).toBe('72"');
  });

  it('shows a stored decimal as inches and sixteenths, and leaves it alone when not retyped', async () => {
    renderWithProviders(<Harness width={35.43} />);
    const user = userEvent.setup();
    expect(width().value).toBe('35 7/16"');
    await user.click(width());
    await user.tab();
    expect(value()).toBe(35.43);
  });

  it('Enter on the last field reads the text before the form submits', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Glass height' }), '1/2{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ glass_width: null, glass_height: 0.5 });
  });

  it('shows a server error until the user types, and follows a value set from outside', async () => {
    renderWithProviders(<Harness width={10} />);
    const user = userEvent.setup();
    act(() => form.setFieldError('glass_width', 'From the server.'));
    expect(screen.getByText('From the server.')).toBeTruthy();
    await user.type(width(), '1');
    expect(screen.queryByText('From the server.')).toBeNull();
    act(() => form.setFieldValue('glass_width', 0.0625));
    expect(width().value).toBe('1/16"');
    act(() => form.setFieldValue('glass_width', null));
    expect(width().value).toBe('');
  });
});
