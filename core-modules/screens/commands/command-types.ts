import { forbidden, invalidInput } from '../../../kernel/errors.js';

/**
 * The closed allowlist of remote commands a player understands (tilecast-03 "Commands"), and the
 * shape of each one's payload. Anything not listed here is refused before it reaches a player, so
 * a console bug or a forged request can never make a player run something it was not built for.
 */
const EMPTY_PAYLOAD_TYPES = [
  'sync_now',
  'reload_playback',
  'clear_media_cache',
  'clear_website_data',
  'disable_playback',
  'enable_playback',
  'retry_player_recovery',
  'exit_safe_mode',
  'power_assist_sleep',
  'power_assist_wake',
  'retry_current_item',
  'skip_current_item',
  'recreate_renderer',
  'recreate_playback_session',
  'restart_activity',
  'restart_player_process',
  'resynchronize_player',
  'run_player_self_test',
  'install_autostart',
  'remove_autostart',
  'display_power_on',
  'display_power_off',
  'display_mute',
  'display_unmute',
  'display_probe',
] as const;

export const COMMAND_TYPES = [
  ...EMPTY_PAYLOAD_TYPES,
  'identify_screen',
  'install_player_update',
  'display_set_input',
  'display_set_volume',
  'display_set_brightness',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

// These exist on the player but carry sessions or network state that their own APIs set up and
// track; queued bare from the generic route they would run without that state.
const AIRPLAY_TYPES = new Set(['prepare_airplay_session', 'stop_airplay_session', 'test_airplay_support']);
const PRESENTATION_NETWORK_TYPES = new Set(['provision_presentation_network', 'test_presentation_network']);

/** Largest payload, as JSON text (the AirPlay prepare payload's larger budget is not reachable here). */
export const MAX_PAYLOAD_BYTES = 2048;

const INPUT = /^[A-Za-z0-9._:-]{1,32}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/i;
const INSTALLATION_MODES = new Set(['download_only', 'install_now', 'maintenance_window']);

type Payload = Record<string, unknown>;
const invalid = (message: string, field = 'body/payload') => invalidInput('command_invalid_payload', message, field);
const isInteger = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

/** Exactly these fields, nothing else: the player must never see a field it does not expect. */
function only(payload: Payload, allowed: string[]): void {
  const extra = Object.keys(payload).find((k) => !allowed.includes(k));
  if (extra) throw invalid(`The payload field ${extra} is not known for this command.`, `body/payload/${extra}`);
}

const validators: Record<string, (p: Payload) => Payload> = {
  identify_screen(p) {
    only(p, ['durationSeconds']);
    if (!isInteger(p.durationSeconds, 10, 120)) throw invalid('durationSeconds is an integer from 10 to 120.', 'body/payload/durationSeconds');
    return { durationSeconds: p.durationSeconds };
  },
  display_set_input(p) {
    only(p, ['input']);
    if (typeof p.input !== 'string' || !INPUT.test(p.input)) throw invalid('input has 1 to 32 letters, digits or . _ : -.', 'body/payload/input');
    return { input: p.input };
  },
  // The players read `volume` and `brightness` (integers 0-100) and refuse any other key.
  display_set_volume: (p) => percent(p, 'volume'),
  display_set_brightness: (p) => percent(p, 'brightness'),
};

function percent(p: Payload, key: 'volume' | 'brightness'): Payload {
  only(p, [key]);
  if (!isInteger(p[key], 0, 100)) throw invalid(`${key} is an integer from 0 to 100.`, `body/payload/${key}`);
  return { [key]: p[key] };
}

for (const type of EMPTY_PAYLOAD_TYPES) {
  validators[type] = (p) => {
    only(p, []);
    return {};
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Commands another module's API queues with the state it set up (`enqueueOwn`, `queueOwn`), never the generic
 * route. Their payloads carry identifiers only: a player fetches anything secret over its own channel.
 */
const OWN_API_VALIDATORS: Record<string, (p: Payload) => Payload> = {
  // Update deployments queue it with their own bookkeeping. The reference sends the artifact's hash
  // under both names: Android players read `expectedApkSha256`, Linux players `expectedArtifactSha256`.
  install_player_update(p) {
    only(p, ['deploymentId', 'releaseId', 'expectedVersionCode', 'expectedApkSha256', 'expectedArtifactSha256', 'installationMode', 'maintenanceWindowStart']);
    if (typeof p.deploymentId !== 'string' || !UUID.test(p.deploymentId)) throw invalid('deploymentId is a UUID.', 'body/payload/deploymentId');
    if (typeof p.releaseId !== 'string' || !UUID.test(p.releaseId)) throw invalid('releaseId is a UUID.', 'body/payload/releaseId');
    if (!isInteger(p.expectedVersionCode, 1, 2_147_483_647)) throw invalid('expectedVersionCode is a positive integer.', 'body/payload/expectedVersionCode');
    for (const key of ['expectedApkSha256', 'expectedArtifactSha256']) {
      if (typeof p[key] !== 'string' || !SHA256_HEX.test(p[key])) throw invalid(`${key} is 64 hexadecimal characters.`, `body/payload/${key}`);
    }
    if (typeof p.installationMode !== 'string' || !INSTALLATION_MODES.has(p.installationMode)) {
      throw invalid('installationMode is download_only, install_now or maintenance_window.', 'body/payload/installationMode');
    }
    if (p.maintenanceWindowStart !== undefined && (typeof p.maintenanceWindowStart !== 'string' || Number.isNaN(Date.parse(p.maintenanceWindowStart)))) {
      throw invalid('maintenanceWindowStart is a date-time.', 'body/payload/maintenanceWindowStart');
    }
    return {
      ...p,
      expectedApkSha256: (p.expectedApkSha256 as string).toLowerCase(),
      expectedArtifactSha256: (p.expectedArtifactSha256 as string).toLowerCase(),
    };
  },
  // "Reconcile now": the desired state is the player's configuration, so the command carries nothing.
  provision_presentation_network(p) {
    only(p, []);
    return {};
  },
  test_presentation_network(p) {
    only(p, ['presentationNetworkId', 'timeoutSeconds']);
    if (typeof p.presentationNetworkId !== 'string' || !UUID.test(p.presentationNetworkId)) {
      throw invalid('presentationNetworkId is a UUID.', 'body/payload/presentationNetworkId');
    }
    if (!isInteger(p.timeoutSeconds, 15, 180)) throw invalid('timeoutSeconds is an integer from 15 to 180.', 'body/payload/timeoutSeconds');
    return { presentationNetworkId: p.presentationNetworkId.toLowerCase(), timeoutSeconds: p.timeoutSeconds };
  },
};

/** A command type with its own API and its checked payload (for `enqueueOwn` and `queueOwn`); an unknown type is a programming error. */
export function checkOwnCommand(type: string, payload: Payload): Payload {
  const validate = OWN_API_VALIDATORS[type];
  if (!validate) throw new Error(`${type} is not a command queued through its own API`);
  return validate(payload);
}

/** Refuses types that have their own API (403) and anything not on the list (422). */
export function checkCommandType(type: string): CommandType {
  if (AIRPLAY_TYPES.has(type)) throw forbidden('airplay_session_api_required', 'AirPlay commands are sent through the AirPlay session API.');
  if (PRESENTATION_NETWORK_TYPES.has(type))
    throw forbidden('presentation_network_api_required', 'Presentation network commands are sent through the presentation network API.');
  if (!(COMMAND_TYPES as readonly string[]).includes(type)) throw invalid(`Unknown command type ${type}.`, 'body/type');
  return type as CommandType;
}

/** The payload as stored and sent: checked against the type's shape and the size budget. */
export function checkCommandPayload(type: CommandType, payload: unknown): Payload {
  const value = payload ?? {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('The payload is a JSON object.');
  if (Buffer.byteLength(JSON.stringify(value)) > MAX_PAYLOAD_BYTES) throw invalid(`The payload is larger than ${MAX_PAYLOAD_BYTES} bytes.`);
  return validators[type]!(value as Payload);
}
