import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ReadOnly } from './read-only.tsx';
import { nextChoice, ToggleChoice } from './toggle-choice.tsx';

const TYPES = [
  { value: false, label: 'Stocked' },
  { value: true, label: 'Special Order' },
] as const;

function Harness() {
  const [value, setValue] = useState<boolean>(false);
  return <ToggleChoice label="Type" options={TYPES} value={value} onChange={setValue} />;
}

describe('ToggleChoice', () => {
  it('picks the other side, and clicking the selected side switches to the other', async () => {
    renderWithProviders(<Harness />);
    const stocked = screen.getByRole('button', { name: 'Stocked' });
    const special = screen.getByRole('button', { name: 'Special Order' });
    expect(stocked.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(stocked);
    expect(special.getAttribute('aria-pressed')).toBe('true');
    expect(stocked.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(stocked);
    expect(stocked.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('group', { name: 'Type' })).toBeTruthy();
  });

  it('shows the chosen label as text in a read-only form', () => {
    renderWithProviders(
      <ReadOnly value>
        <ToggleChoice label="Type" options={TYPES} value={true} onChange={() => {}} />
      </ReadOnly>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Special Order')).toBeTruthy();
  });

  it('nextChoice: another side is taken as clicked, the selected one flips', () => {
    expect(nextChoice(TYPES, false, true)).toBe(true);
    expect(nextChoice(TYPES, false, false)).toBe(true);
    expect(nextChoice(TYPES, true, true)).toBe(false);
  });
});
