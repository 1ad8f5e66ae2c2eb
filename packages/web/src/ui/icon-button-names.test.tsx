/** Icon-only buttons have names (WCAG 4.1.2): the pager's arrows and the date field's clear button. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { DateField } from './date-field.tsx';
import { Pager } from './pager.tsx';

describe('icon-only buttons', () => {
  it('the pager names its arrows and pages', () => {
    renderWithProviders(<Pager value={2} onChange={() => undefined} total={3} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
    for (const b of screen.getAllByRole('button')) expect(b.getAttribute('aria-label') || b.textContent).toBeTruthy();
  });

  it('the date field names its clear button', () => {
    renderWithProviders(<DateField label="Date" value="2025-03-04" onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Clear date' })).toBeTruthy();
  });
});
