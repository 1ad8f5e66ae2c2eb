/**
 * The theme's CSS variables exactly as Mantine's `MantineCssVariables` renders them (the defaults
 * merged with `cssVariablesResolver`, less what Mantine's own stylesheet already sets), computed
 * once when the app is built (vite.config.ts `mantineCssVariablesAtBuild`) instead of on every
 * start: working them out was ~50 ms of CPU on a fast machine, one long task on a phone.
 * `theme-css.test.tsx` compares it with what Mantine renders.
 */
import { DEFAULT_THEME, convertCssVariables, deepMerge, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme.ts';

type Variables = Record<string, string>;

const changed = (input: Variables, defaults: Variables): Variables =>
  Object.fromEntries(Object.entries(input).filter(([key, value]) => defaults[key] !== value));

export function themeCssVariables(): string {
  const full = mergeMantineTheme(DEFAULT_THEME, theme);
  const merged = deepMerge(defaultCssVariablesResolver(full), cssVariablesResolver(full));
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  return convertCssVariables({
    variables: changed(merged.variables, defaults.variables),
    light: changed(merged.light, defaults.light),
    dark: changed(merged.dark, defaults.dark),
  });
}
