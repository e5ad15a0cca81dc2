import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';

// Dates read as the person's browser formats them: `LLL`, and "3 minutes ago".
dayjs.extend(localizedFormat);
dayjs.extend(relativeTime);
