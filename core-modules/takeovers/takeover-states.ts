/** A screen's part in a takeover, as the reference's players report it and its console shows it. */
export const SCREEN_STATES = ['pending', 'notified', 'preparing', 'ready', 'active', 'failed', 'offline', 'restored', 'expired', 'cancelled'] as const;
export type ScreenState = (typeof SCREEN_STATES)[number];

/** States in which the takeover still holds the screen; the others are ends. */
export const HOLDING_STATES: readonly ScreenState[] = ['pending', 'notified', 'preparing', 'ready', 'active', 'failed', 'offline'];
export const ENDED_STATES: readonly ScreenState[] = ['restored', 'expired', 'cancelled'];

export const TAKEOVER_STATUSES = ['active', 'cancelled', 'expired'] as const;
export type TakeoverStatus = (typeof TAKEOVER_STATUSES)[number];

export const isScreenState = (value: unknown): value is ScreenState => SCREEN_STATES.includes(value as ScreenState);
