import { Type } from '@sinclair/typebox';
import { jobFor } from '../../kernel/plugin.js';
import type { WeatherAlertsDeps } from './emergency-alerts-deps.js';

const job = jobFor<WeatherAlertsDeps>();

export const POLL_JOB = 'emergency-alerts.poll-feed';

/**
 * Every minute one worker asks whether the monitor's interval has passed; the claim on the monitor
 * row lets one process poll even when several get the job (a start-up run and the cron at once).
 */
export const weatherAlertsJobs = [
  job({
    name: POLL_JOB,
    payload: Type.Object({}),
    cron: '* * * * *',
    // A missed minute is caught by the next: never retry a poll late.
    retry: { limit: 0, delaySeconds: 0 },
    expireInSeconds: 120,
    handler: (_payload, deps) => deps.alertPoller.pollIfDue(),
  }),
];
