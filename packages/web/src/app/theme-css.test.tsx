import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme.ts';
import { themeCssVariables } from './theme-css.ts';

describe('themeCssVariables', () => {
  it('is what Mantine renders for the app theme, so the build can serve it without working it out', () => {
    const { container } = render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <span />
      </MantineProvider>,
    );
    const rendered = container.ownerDocument.querySelector('style[data-mantine-styles]:not([data-mantine-styles="classes"])');
    expect(rendered?.innerHTML).toBeTruthy();
    expect(themeCssVariables()).toBe(rendered!.innerHTML);
    // The app's own variables are in it (the contrast fixes of theme.ts).
    expect(themeCssVariables()).toContain('--mantine-color-dimmed: #5c636a');
  });
});
