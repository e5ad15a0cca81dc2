import { TableModel } from '../../kernel/db/table-model.js';
import type { CommandRow } from './commands/commands.repository.js';
import type { CredentialRow } from './credentials/credentials.repository.js';
import type { LocationRow } from './locations/locations.repository.js';
import type { PairingSessionRow } from './pairing/pairing-sessions.repository.js';
import type { PlayerHistoryRow } from './player-history.repository.js';
import type { ContactHour } from './presence/contact.repository.js';
import type { PowerAssistRow } from './presence/power-assist.repository.js';
import type { PresenceRow } from './presence/presence.repository.js';
import type { ScreenRow } from './screens.repository.js';

/** A row of `screens`: a logical screen, which outlives the player hardware behind it. */
export class ScreenModel extends TableModel {
  static override tableName = 'screens';
}
export interface ScreenModel extends ScreenRow {}

/** A row of `screen_status`: what a screen's player last reported (one per screen). */
export class ScreenStatusModel extends TableModel {
  static override tableName = 'screen_status';
  static override idColumn = 'screen_id';
}
export interface ScreenStatusModel {
  screen_id: string;
  clock_offset_seconds: number | null;
  clock_offset_at: Date | null;
  clock_offset_source: 'server' | 'player' | null;
}

/** A row of `locations`: where screens stand. */
export class LocationModel extends TableModel {
  static override tableName = 'locations';
}
export interface LocationModel extends Omit<LocationRow, 'screen_count'> {}

/** A row of `screen_credentials`: a device credential (only the hash of its secret). */
export class CredentialModel extends TableModel {
  static override tableName = 'screen_credentials';
}
export interface CredentialModel extends CredentialRow {}

/** A row of `screen_pairing_sessions`: one player's request to pair, from code to enrollment. */
export class PairingSessionModel extends TableModel {
  static override tableName = 'screen_pairing_sessions';
}
export interface PairingSessionModel extends PairingSessionRow {}

/** A row of `screen_player_history`: one player (hardware and credential) that served a screen. */
export class PlayerHistoryModel extends TableModel {
  static override tableName = 'screen_player_history';
}
export interface PlayerHistoryModel extends PlayerHistoryRow {}

/** A row of `screen_presence`: one open player socket, on one server process. */
export class PresenceModel extends TableModel {
  static override tableName = 'screen_presence';
  static override idColumn = 'connection_id';
}
export interface PresenceModel extends PresenceRow {}

/** A row of `screen_contact_hours`: a screen's heartbeats and contacts in one hour. */
export class ContactHourModel extends TableModel {
  static override tableName = 'screen_contact_hours';
  static override idColumn = ['screen_id', 'hour'];
}
export interface ContactHourModel extends ContactHour {
  screen_id: string;
}

/** A row of `screen_power_assist`: a screen's nightly sleep and wake times. */
export class PowerAssistModel extends TableModel {
  static override tableName = 'screen_power_assist';
  static override idColumn = 'screen_id';
}
export interface PowerAssistModel extends PowerAssistRow {}

/** A row of `player_commands`: one command to a screen's player. */
export class CommandModel extends TableModel {
  static override tableName = 'player_commands';
}
export interface CommandModel extends CommandRow {}
