import { CloseButton, type CloseButtonProps, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { i18next } from '../i18n';

export const theme = createTheme({
  primaryColor: 'blue',
  // A darker shade on light backgrounds: white text on the primary colour meets WCAG AA.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  respectReducedMotion: true,
  components: {
    // Dialogs, drawers and notifications close with an icon button: it needs a name.
    CloseButton: CloseButton.extend({ defaultProps: { 'aria-label': i18next.t('close') } as Partial<CloseButtonProps> }),
  },
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
    // Field errors: Mantine's red 6 is 3.3:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    ...Object.fromEntries(
      Object.keys(t.colors).flatMap((name) => [
        [`--mantine-color-${name}-light-color`, `color-mix(in srgb, var(--mantine-color-${name}-9), black 25%)`],
        [`--mantine-color-${name}-outline`, `var(--mantine-color-${name}-8)`],
      ]),
    ),
    // Yellow 9 is 3:1 on yellow's light background (a yellow Alert's title: the 403 explanation).
    '--mantine-color-yellow-light-color': 'var(--mantine-color-dark-7)',
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-placeholder': 'var(--mantine-color-dark-1)' },
});
