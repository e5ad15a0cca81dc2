import { Type, type Static } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { invalidInput } from '../../../kernel/errors.js';
import type { PowerAssistRow } from './power-assist.repository.js';
import { ScreenStatusSchema } from '../screen-view.js';
import { canonicalTimeZone } from '../../../kernel/time-zone.js';
import { Uuid, Stamp } from '../../../kernel/http/wire.js';
import type { ScreensServiceDeps } from '../screens-service-deps.js';

type Deps = Pick<ScreensServiceDeps, 'screensService' | 'contactRepository' | 'powerAssistRepository' | 'auditLog'>;

/** The player's default status cadence (the reference player reports every 60 s unless configured). */
export const EXPECTED_HEARTBEAT_SECONDS = 60;
const WINDOW_HOURS = 24;

const Time = () => Type.Union([Stamp, Type.Null()]);
export const CLOCK = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

export const PowerAssistSchema = Type.Object({
  screenId: Uuid,
  enabled: Type.Boolean(),
  sleepAt: Type.Union([Type.String(), Type.Null()], { description: 'HH:MM in `timezone`: the display is put to sleep.' }),
  wakeAt: Type.Union([Type.String(), Type.Null()], { description: 'HH:MM in `timezone`: the display is woken.' }),
  timezone: Type.String(),
  updatedAt: Time(),
});
export type PowerAssistView = Static<typeof PowerAssistSchema>;

export const ReliabilitySchema = Type.Object({
  screenId: Uuid,
  status: ScreenStatusSchema,
  lastContactAt: Time(),
  lastHeartbeatAt: Time(),
  lastConnectedAt: Time(),
  lastDisconnectedAt: Time(),
  uptimeSeconds: Type.Union([Type.Integer(), Type.Null()], { description: 'As last reported by the player.' }),
  windowHours: Type.Integer(),
  heartbeatIntervalSeconds: Type.Integer({ description: 'The cadence expectedHeartbeats assumes.' }),
  heartbeats: Type.Integer({ description: 'Heartbeats (HTTP and socket status) received in the window.' }),
  expectedHeartbeats: Type.Integer({ description: 'What a screen reporting without gaps would have sent in the window (or since pairing).' }),
  heartbeatRatio: Type.Union([Type.Number(), Type.Null()], { description: 'heartbeats / expectedHeartbeats, at most 1; null when nothing was expected.' }),
  contactHours: Type.Integer({ description: 'Hours of the window with any contact at all.' }),
  hourly: Type.Array(Type.Object({ hour: Stamp, heartbeats: Type.Integer(), contacts: Type.Integer() })),
  powerAssist: Type.Union([PowerAssistSchema, Type.Null()]),
});

export interface PowerAssistInput {
  enabled: boolean;
  sleepAt?: string | null;
  wakeAt?: string | null;
  timezone?: string;
}

const powerAssistView = (r: PowerAssistRow): PowerAssistView => ({
  screenId: r.screen_id,
  enabled: r.enabled,
  sleepAt: r.sleep_at,
  wakeAt: r.wake_at,
  timezone: r.timezone,
  updatedAt: r.updated_at.toISOString(),
});

/** How dependably a screen has been in touch, and its nightly sleep/wake plan. */
export class ReliabilityService {
  constructor(private readonly d: Deps) {}

  async reliability(screenId: string): Promise<Static<typeof ReliabilitySchema>> {
    const screen = await this.d.screensService.get(screenId);
    const [hours, power] = await Promise.all([this.d.contactRepository.hours(screenId, WINDOW_HOURS), this.d.powerAssistRepository.get(screenId)]);
    const heartbeats = hours.reduce((n, h) => n + h.heartbeats, 0);
    // A screen paired an hour ago cannot have missed a day of heartbeats.
    const since = Math.max(Date.now() - WINDOW_HOURS * 3600_000, Date.parse(screen.pairedAt));
    const expectedHeartbeats = Math.max(0, Math.floor((Date.now() - since) / 1000 / EXPECTED_HEARTBEAT_SECONDS));
    return {
      screenId,
      status: screen.status,
      lastContactAt: screen.lastContactAt ?? null,
      lastHeartbeatAt: screen.lastHeartbeatAt ?? null,
      lastConnectedAt: screen.lastConnectedAt ?? null,
      lastDisconnectedAt: screen.lastDisconnectedAt ?? null,
      uptimeSeconds: screen.uptimeSeconds ?? null,
      windowHours: WINDOW_HOURS,
      heartbeatIntervalSeconds: EXPECTED_HEARTBEAT_SECONDS,
      heartbeats,
      expectedHeartbeats,
      heartbeatRatio: expectedHeartbeats > 0 ? Math.min(1, heartbeats / expectedHeartbeats) : null,
      contactHours: hours.filter((h) => h.contacts > 0).length,
      hourly: hours.map((h) => ({ hour: h.hour.toISOString(), heartbeats: h.heartbeats, contacts: h.contacts })),
      powerAssist: power ? powerAssistView(power) : null,
    };
  }

  async setPowerAssist(actor: ConsolePrincipal, screenId: string, input: PowerAssistInput, ip: string): Promise<PowerAssistView> {
    const screen = await this.d.screensService.get(screenId);
    const timezone = input.timezone ?? (canonicalTimeZone(screen.timezone) !== undefined ? screen.timezone : 'UTC');
    if (canonicalTimeZone(timezone) === undefined) throw invalidInput('invalid_timezone', 'Use an IANA time zone such as Europe/Berlin.', 'body/timezone');
    const sleepAt = input.sleepAt ?? null;
    const wakeAt = input.wakeAt ?? null;
    if (input.enabled && (!sleepAt || !wakeAt))
      throw invalidInput('power_assist_invalid', 'Give both a sleep and a wake time to turn Power Assist on.', sleepAt ? 'body/wakeAt' : 'body/sleepAt');
    if (sleepAt && sleepAt === wakeAt) throw invalidInput('power_assist_invalid', 'Sleep and wake times must differ.', 'body/wakeAt');
    const row = await this.d.powerAssistRepository.save({
      screen_id: screenId,
      enabled: input.enabled,
      sleep_at: sleepAt,
      wake_at: wakeAt,
      timezone,
      updated_by: actor.userId,
    });
    await this.d.auditLog.record({
      action: 'screen.power_assist.updated',
      actor,
      ip,
      resourceType: 'screen',
      resourceId: screenId,
      metadata: { enabled: input.enabled, sleepAt, wakeAt, timezone },
    });
    return powerAssistView(row);
  }
}
