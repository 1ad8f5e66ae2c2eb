import { Button, createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
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

/** Light/dark choice saved per browser; "auto" (the default) follows the system. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'glazier-color-scheme' });
