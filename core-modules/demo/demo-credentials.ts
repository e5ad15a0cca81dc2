/**
 * The demo owner. Public on purpose: `GET /api/v1/demo` shows it on the sign-in page so any
 * visitor can try the console, and a reset puts everything it changed back.
 */
export const DEMO_OWNER = {
  organizationName: 'Demo Signage Co.',
  ownerName: 'Demo Owner',
  username: 'demo',
  password: 'try the demo signage',
} as const;
