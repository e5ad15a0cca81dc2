import { createHash } from 'node:crypto';
import type { OrganizationReader } from '../auth/auth.api.js';
import type { ScreenNotifier, ScreenPlaces } from '../screens/screens.api.js';
import type { SettingsService } from '../settings/settings.api.js';
import { CONFIG_SCHEMA_VERSION, CONFIG_SOURCE_KEYS, configBody, type ConfigBody } from './player-config.js';
import type { PlayerStateRepository } from './player-state.repository.js';

export const configEtag = (screenId: string, revision: number) => `"config-${screenId}-${revision}"`;

const hashOf = (body: ConfigBody) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

interface Deps {
  playerStateRepository: PlayerStateRepository;
  settingsService: SettingsService;
  screenPlaces: ScreenPlaces;
  screenNotifier: ScreenNotifier;
  organization: OrganizationReader;
}

/** The per-screen player configuration and its revision, which moves only when the body changes. */
export class PlayerConfigService {
  constructor(private readonly d: Deps) {}

  async config(screenId: string) {
    const [source, labels] = await Promise.all([this.source(), this.d.screenPlaces.labels([screenId])]);
    const body = configBody(source.values, source.organizationName, labels.get(screenId) ?? '');
    const { version } = await this.d.playerStateRepository.record('config', screenId, hashOf(body));
    return { schemaVersion: CONFIG_SCHEMA_VERSION, configRevision: version, generatedAt: new Date().toISOString(), ...body };
  }

  /**
   * After something the config shows changed, for the given screens or every screen: the screens
   * whose body changed get a new revision, pushed as `config.changed`.
   */
  async refresh(screenIds?: string[]): Promise<void> {
    const [source, labels] = await Promise.all([this.source(), this.d.screenPlaces.labels(screenIds)]);
    const hashes = new Map([...labels].map(([screenId, label]) => [screenId, hashOf(configBody(source.values, source.organizationName, label))]));
    const bumped = await this.d.playerStateRepository.recordMany('config', hashes);
    await this.d.screenNotifier.configChangedMany(bumped.map((b) => ({ screenId: b.screenId, configRevision: b.version })));
  }

  private async source() {
    const [values, organization] = await Promise.all([this.d.settingsService.values(CONFIG_SOURCE_KEYS), this.d.organization.get()]);
    return { values, organizationName: organization.name ?? '' };
  }
}
