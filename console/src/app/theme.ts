import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // A darker shade on light backgrounds: white text on the primary colour meets WCAG AA.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  respectReducedMotion: true,
});

/**
 * Text dark enough for WCAG AA (4.5:1) in the light scheme, where Mantine's defaults fall short:
 * secondary ("dimmed") text, placeholders, and the text of light and outline variants (badges,
 * light buttons, alerts) in every colour.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(
      Object.keys(t.colors).flatMap((name) => [
        [`--mantine-color-${name}-light-color`, `var(--mantine-color-${name}-9)`],
        [`--mantine-color-${name}-outline`, `var(--mantine-color-${name}-8)`],
      ]),
    ),
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-placeholder': 'var(--mantine-color-dark-1)' },
});
