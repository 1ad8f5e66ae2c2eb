import { describe, expect, it } from 'vitest';
import { initials } from './header.tsx';

describe("the user button's initials (a phone's header with the offline badges)", () => {
  it('takes the first and last names’ first letters', () => {
    expect(initials('Eli Employee')).toBe('EE');
    expect(initials('Mary Ann van Dyke')).toBe('MD');
    expect(initials('  élodie   durand ')).toBe('ÉD');
    expect(initials('Ada')).toBe('A');
    expect(initials('   ')).toBe('?');
  });
});
