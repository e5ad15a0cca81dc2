import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { invalidInput } from '../../kernel/errors.js';
import { screenNotFound } from '../screens/screens.api.js';
import { assignmentViews } from './assignment-views.js';
import { assignmentView, auditOf } from './network-view.js';
import { networkNotFound } from './networks.service.js';
import type { PresentationNetworksBaseDeps } from './presentation-networks-base-deps.js';

type Deps = Pick<
  PresentationNetworksBaseDeps,
  'db' | 'networksRepository' | 'networkSealer' | 'screenDirectory' | 'screenCommands' | 'playerConfig' | 'auditLog'
>;

/** Screens one request may put on a network: a building, not a fleet. */
export const MAX_SCREENS = 500;
/** How long a player may try to join in a test: Enterprise authentication and DHCP take tens of seconds. */
export const DEFAULT_TEST_SECONDS = 90;

const isLinux = (platform: string | undefined) => platform?.toLowerCase() === 'linux';
const ineligible = () => invalidInput('presentation_network_screen_ineligible', 'Only Linux screens can be assigned a presentation network.', 'body/screenIds');

/**
 * Which screens join which network (one per screen), and connection tests. Every change reaches
 * the screens that gained or lost a network through their config, once it has committed.
 */
export class AssignmentsService {
  constructor(private readonly d: Deps) {}

  /** Exactly these screens use the network afterwards; each may come off another network. */
  async replace(actor: ConsolePrincipal, networkId: string, screenIds: string[], ip: string) {
    this.d.networkSealer.requireKey();
    const wanted = [...new Set(screenIds.map((id) => id.toLowerCase()))];
    if (wanted.length > MAX_SCREENS) {
      throw invalidInput('presentation_network_too_many_screens', `Assign at most ${MAX_SCREENS} screens to a network.`, 'body/screenIds');
    }
    const platforms = await this.d.screenDirectory.platformsOf(wanted);
    if (wanted.some((id) => !isLinux(platforms.get(id)))) throw ineligible();
    const touched = await this.d.db.transaction(async (trx) => {
      const network = await this.d.networksRepository.lock(networkId, trx);
      if (!network) throw networkNotFound();
      const previous = (await this.d.networksRepository.assignmentsOf(networkId, trx)).map((a) => a.screen_id);
      await this.d.networksRepository.unassign(
        previous.filter((id) => !wanted.includes(id)),
        trx,
      );
      await this.d.networksRepository.assign(networkId, wanted, actor.userId, trx);
      await this.d.auditLog.record(
        {
          action: 'presentation_network.assignment_changed',
          actor,
          ip,
          resourceType: 'presentation_network',
          resourceId: networkId,
          metadata: { ...auditOf(network), screenCount: wanted.length },
        },
        trx,
      );
      return [...new Set([...previous, ...wanted])];
    });
    await this.d.playerConfig.refresh(touched);
    return { assignments: await this.assignmentsOf(networkId) };
  }

  async assign(actor: ConsolePrincipal, screenId: string, networkId: string, ip: string) {
    this.d.networkSealer.requireKey();
    const screen = await this.screen(screenId);
    if (!isLinux(screen.platform)) throw ineligible();
    await this.d.db.transaction(async (trx) => {
      const network = await this.d.networksRepository.lock(networkId, trx);
      if (!network) throw networkNotFound();
      await this.d.networksRepository.assign(networkId, [screenId], actor.userId, trx);
      await this.d.auditLog.record(
        {
          action: 'presentation_network.assignment_changed',
          actor,
          ip,
          resourceType: 'screen',
          resourceId: screenId,
          metadata: { presentationNetworkId: networkId, name: network.name },
        },
        trx,
      );
    });
    await this.d.playerConfig.refresh([screenId]);
    return assignmentView(screen, await this.d.networksRepository.assignmentOf(screenId));
  }

  async unassign(actor: ConsolePrincipal, screenId: string, ip: string) {
    this.d.networkSealer.requireKey();
    const screen = await this.screen(screenId);
    const removed = await this.d.db.transaction(async (trx) => {
      const [gone] = await this.d.networksRepository.unassign([screenId], trx);
      if (gone) {
        await this.d.auditLog.record(
          {
            action: 'presentation_network.assignment_changed',
            actor,
            ip,
            resourceType: 'screen',
            resourceId: screenId,
            metadata: { presentationNetworkId: null },
          },
          trx,
        );
      }
      return Boolean(gone);
    });
    if (removed) await this.d.playerConfig.refresh([screenId]);
    return assignmentView(screen);
  }

  /**
   * Asks the screen's player to join the network, check it got an address and Ethernet kept the
   * default route, and leave again. The command names the network only: the player fetches the
   * credential over its own channel, so it never enters a stored command.
   */
  async test(actor: ConsolePrincipal, networkId: string, body: { screenId?: string; timeoutSeconds?: number }, ip: string) {
    this.d.networkSealer.requireKey();
    if (!body.screenId) {
      throw invalidInput('presentation_network_test_screen_required', 'Choose an assigned Linux screen to test from.', 'body/screenId');
    }
    const network = await this.d.networksRepository.get(networkId);
    if (!network) throw networkNotFound();
    const screen = await this.screen(body.screenId);
    const assignment = await this.d.networksRepository.assignmentOf(screen.id);
    if (assignment?.presentation_network_id !== networkId) {
      throw invalidInput(
        'presentation_network_not_assigned',
        `${screen.name} is not assigned to ${network.name}: assign it first, then test.`,
        'body/screenId',
      );
    }
    if (!isLinux(screen.platform)) throw invalidInput('presentation_network_linux_required', `${screen.name} is not a Linux player.`, 'body/screenId');
    const timeoutSeconds = body.timeoutSeconds ?? DEFAULT_TEST_SECONDS;
    const command = await this.d.screenCommands.enqueueOwn(
      actor,
      screen.id,
      { type: 'test_presentation_network', payload: { presentationNetworkId: networkId, timeoutSeconds } },
      ip,
    );
    await this.d.auditLog.record({
      action: 'presentation_network.test_requested',
      actor,
      ip,
      resourceType: 'presentation_network',
      resourceId: networkId,
      metadata: { ...auditOf(network), screenId: screen.id, commandId: command.id },
    });
    return { commandId: command.id, screenId: screen.id, timeoutSeconds };
  }

  private async screen(screenId: string): Promise<{ id: string; name: string; platform: string }> {
    const [[id, name] = []] = await this.d.screenDirectory.namesOf([screenId]);
    if (!id || name === undefined) throw screenNotFound();
    const platforms = await this.d.screenDirectory.platformsOf([id]);
    return { id, name, platform: platforms.get(id) ?? '' };
  }

  private async assignmentsOf(networkId: string) {
    const [network, rows] = await Promise.all([this.d.networksRepository.get(networkId), this.d.networksRepository.assignmentsOf(networkId)]);
    return assignmentViews(this.d.screenDirectory, network?.name ?? '', rows);
  }
}
