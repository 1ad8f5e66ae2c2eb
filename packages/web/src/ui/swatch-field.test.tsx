import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { SwatchField } from './swatch-field.tsx';

const COLORS = ['#111111', '#222222', '#333333', '#444444'];

function Harness() {
  const [value, setValue] = useState(COLORS[1]);
  return (
    <>
      <button type="button">Before</button>
      <SwatchField label="Colour" colors={COLORS} value={value} onChange={setValue} columns={2} />
      <button type="button">After</button>
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('SwatchField', () => {
  it('is one tab stop, and arrow keys move the choice (wrapping), Home/End jump', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    const radios = screen.getAllByRole('radio');
    expect(screen.getByRole('radiogroup', { name: 'Colour' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(document.activeElement).toBe(radios[1]); // the chosen colour takes the one tab stop
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(radios[1]);

    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('value').textContent).toBe(COLORS[2]);
    expect(document.activeElement).toBe(radios[2]);
    expect(radios[2]!.getAttribute('aria-checked')).toBe('true');
    expect(radios[1]!.getAttribute('aria-checked')).toBe('false');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByTestId('value').textContent).toBe(COLORS[0]); // wraps
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('value').textContent).toBe(COLORS[3]);
    await user.keyboard('{Home}');
    expect(screen.getByTestId('value').textContent).toBe(COLORS[0]);
    await user.keyboard('{End}');
    expect(screen.getByTestId('value').textContent).toBe(COLORS[3]);
    expect(radios.map((r) => r.tabIndex)).toEqual([-1, -1, -1, 0]);
  });
});
