import { Button, createTheme, darken, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'cyan',
  // Shade 9 in both schemes: white on it is 5.6:1 (WCAG AA needs 4.5:1; shade 8 was 4.34, the dark
  // default 6 was 2.79). Every colour's filled variant uses this shade, so red Delete is 5.5:1.
  primaryShade: { light: 9, dark: 9 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // Someone whose system asks for reduced motion gets dialogs, menus and lists that appear at once,
  // without Mantine's fades and slides (WCAG 2.3.3).
  respectReducedMotion: true,
  components: {
    // Mantine's focus placeholder (role="presentation") inside role="menu" is invalid ARIA (axe:
    // critical); without it the first item takes focus when the menu opens. (A plain object, not
    // Menu.extend: importing Menu here would put it in the entry chunk.)
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Mantine 9 draws subtle buttons in dark mode with the colour's lightest shade: a red Delete
    // came out white. Use the colour's text shade, so Delete stays red and links stay cyan.
    Button: Button.extend({
      vars: (t, props) => {
        if (props.variant !== 'subtle') return { root: {} };
        const color = props.color && props.color in t.colors ? props.color : t.primaryColor;
        return { root: { '--button-color': `var(--mantine-color-${color}-text)` } };
      },
    }),
  },
});

/**
 * Colours Mantine's defaults leave under WCAG AA contrast (4.5:1 for text), fixed once for every
 * screen: dimmed text (gray 6 on white was 3.32:1; dark 2 on a dark card 3.53:1), the light
 * variant (badges, light buttons: shade 9 on shade 1 was 4.33:1 for teal, 4.06:1 on the hover
 * shade 2; now a darker shade 9 on shade 0, hover shade 1), and the hover of filled buttons
 * (shade 8 would drop white text to 4.35:1; a darker shade 9 instead).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  // A field's error text and border: Mantine's red 6 / 8 read at 3.3:1; red 9 on white and red 4
  // on the dark body read at 4.5:1 or more (WCAG 1.4.3).
  const light: Record<string, string> = { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': 'var(--mantine-color-red-9)' };
  const dark: Record<string, string> = { '--mantine-color-dimmed': '#ababab', '--mantine-color-error': 'var(--mantine-color-red-4)' };
  for (const name of Object.keys(t.colors)) {
    light[`--mantine-color-${name}-light`] = `var(--mantine-color-${name}-0)`;
    light[`--mantine-color-${name}-light-hover`] = `var(--mantine-color-${name}-1)`;
    light[`--mantine-color-${name}-light-color`] = darken(t.colors[name]![9], 0.15);
    const hover = darken(t.colors[name]![9], 0.12);
    light[`--mantine-color-${name}-filled-hover`] = hover;
    dark[`--mantine-color-${name}-filled-hover`] = hover;
  }
  return { variables: {}, light, dark };
};

/** Light/dark choice saved per browser; "auto" (the default) follows the system. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'glazier-color-scheme' });
