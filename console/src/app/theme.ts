import { createTheme } from '@mantine/core';

// Mantine's defaults meet WCAG AA in both schemes with a darker primary shade on light backgrounds.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  respectReducedMotion: true,
});
