import { createHash } from 'node:crypto';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { AppError, conflict } from '../../../kernel/errors.js';
import { groupNotFound } from '../group-errors.js';
import type { ScreenGroupsBaseDeps } from '../screen-groups-base-deps.js';

/** The display commands a group can send, and the capability each needs its players to report. */
export const GROUP_DISPLAY_COMMANDS = { display_power_on: 'power', display_power_off: 'power', display_mute: 'mute', display_unmute: 'mute' } as const;
export type GroupDisplayCommand = keyof typeof GROUP_DISPLAY_COMMANDS;
const PROVIDERS = new Set(['hdmi_cec', 'ddc_ci', 'network', 'rs232']);

type Deps = Pick<ScreenGroupsBaseDeps, 'groupsRepository' | 'screensService' | 'screenCommands'>;

/**
 * Group display control: a preview says which members can take a display command and why the others
 * cannot, with a fingerprint of that answer; applying it queues one command per eligible member,
 * unless the answer has changed since (409 display_control_preview_stale).
 */
export class DisplayControlService {
  constructor(private readonly d: Deps) {}

  async preview(groupId: string, commandType: GroupDisplayCommand) {
    const group = await this.d.groupsRepository.byId(groupId);
    if (!group) throw groupNotFound();
    const capability = GROUP_DISPLAY_COMMANDS[commandType];
    const members = (await this.d.groupsRepository.membersOf([groupId])).get(groupId)!;
    const screens = (await this.d.screensService.controlFacts(members)).map((s) => {
      const provider = s.capabilities[capability];
      const supported = provider !== undefined && PROVIDERS.has(provider);
      const reason = !supported
        ? `The player does not report ${capability} control.`
        : !s.enabled
          ? 'The screen is disabled.'
          : !s.hasActiveCredential
            ? 'The screen has no active player credential.'
            : undefined;
      return {
        screenId: s.id,
        name: s.name,
        provider: s.provider,
        capabilities: s.capabilities,
        supported,
        eligible: reason === undefined,
        ...(reason ? { reason } : {}),
      };
    });
    const fingerprint = createHash('sha256')
      .update(JSON.stringify({ groupId, commandType, screens: screens.map((s) => [s.screenId, s.supported, s.eligible, s.capabilities[capability] ?? null]) }))
      .digest('hex');
    return {
      groupId,
      groupName: group.name,
      commandType,
      selectedCount: screens.length,
      supportedCount: screens.filter((s) => s.supported).length,
      unsupportedCount: screens.filter((s) => !s.supported).length,
      eligibleCount: screens.filter((s) => s.eligible).length,
      fingerprint,
      screens,
    };
  }

  async apply(actor: ConsolePrincipal, groupId: string, commandType: GroupDisplayCommand, fingerprint: string, ip: string) {
    const preview = await this.preview(groupId, commandType);
    if (preview.fingerprint !== fingerprint)
      throw conflict('display_control_preview_stale', 'The group’s display capabilities changed; review the preview again.');
    const results = [];
    for (const screen of preview.screens) {
      if (!screen.eligible) {
        results.push({ screenId: screen.screenId, name: screen.name, state: 'skipped' as const, ...(screen.reason ? { reason: screen.reason } : {}) });
        continue;
      }
      try {
        const { id } = await this.d.screenCommands.enqueue(actor, screen.screenId, { type: commandType, payload: {} }, ip);
        results.push({ screenId: screen.screenId, name: screen.name, state: 'queued' as const, id });
      } catch (err) {
        // One member's refusal (its command queue is full, it was just disabled) does not stop the others.
        if (!(err instanceof AppError)) throw err;
        results.push({ screenId: screen.screenId, name: screen.name, state: 'failed' as const, reason: err.message });
      }
    }
    return {
      groupId,
      commandType,
      selectedCount: preview.selectedCount,
      supportedCount: preview.supportedCount,
      unsupportedCount: preview.unsupportedCount,
      queuedCount: results.filter((r) => r.state === 'queued').length,
      failedCount: results.filter((r) => r.state === 'failed').length,
      results,
    };
  }
}
