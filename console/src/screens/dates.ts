import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** "3 minutes ago", relative to now. */
export const fromNow = (iso: string): string => dayjs(iso).fromNow();

/** The exact moment in the reader's own locale and time zone. */
export const exactTime = (iso: string): string => new Date(iso).toLocaleString();
