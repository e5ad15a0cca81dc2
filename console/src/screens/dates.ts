import dayjs from 'dayjs';
import '../common/dates';

/** "3 minutes ago", relative to now. */
export const fromNow = (iso: string): string => dayjs(iso).fromNow();

/** The exact moment as the reader's browser writes dates. */
export const exactTime = (iso: string): string => dayjs(iso).format('LLL');
