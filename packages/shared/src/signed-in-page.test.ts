import { describe, expect, it } from 'vitest';
import { USER_MARKS, fillUserMarks, firstName, initials } from './signed-in-page.ts';

describe("the user button's initials (a phone's header with the offline badges)", () => {
  it('takes the first and last names’ first letters', () => {
    expect(initials('Eli Employee')).toBe('EE');
    expect(initials('Mary Ann van Dyke')).toBe('MD');
    expect(initials('  élodie   durand ')).toBe('ÉD');
    expect(initials('Ada')).toBe('A');
    expect(initials('   ')).toBe('?');
  });
});

describe('the signed-in home page filled in for its visitor', () => {
  const page = `<button aria-label="${USER_MARKS.name}"><span class="user-initials">${USER_MARKS.initials}</span><p>${USER_MARKS.name}</p></button><h1>Hello, ${USER_MARKS.firstName}</h1>`;

  it('puts the name, the first name and the initials where the stand-in’s were', () => {
    expect(fillUserMarks(page, 'Ada Admin')).toBe(
      '<button aria-label="Ada Admin"><span class="user-initials">AA</span><p>Ada Admin</p></button><h1>Hello, Ada</h1>',
    );
    expect(firstName('  Mary Ann ')).toBe('Mary');
  });

  it('escapes a name for text and attributes, and does not read a name’s own text as a mark', () => {
    const filled = fillUserMarks(page, `<b>"O'Neil" & ${USER_MARKS.firstName}</b>`);
    expect(filled).toContain('aria-label="&#60;b&#62;&#34;O&#39;Neil&#34; &#38; Жfirstmark&#60;/b&#62;"');
    expect(filled).toContain('<h1>Hello, &#60;b&#62;&#34;O&#39;Neil&#34;</h1>');
    expect(filled).not.toContain('<b>');
  });
});
