import type { PluginInstallations } from '../../../kernel/plugin-installations.js';

/** What an extension adds to the heartbeat's answer (declared in HeartbeatAckSchema). */
export interface HeartbeatAnswer {
  noiseHistory?: { accepted: number };
}

export interface HeartbeatExtension {
  /** The plugin that registered it: skipped while that plugin is not installed. */
  plugin: string;
  /** Takes what it needs from a heartbeat that was accepted; its answer is merged into the response. */
  handle(screenId: string, heartbeat: Record<string, unknown>): Promise<HeartbeatAnswer | undefined>;
}

/**
 * Parts of a heartbeat that belong to other modules (the noise meter's pending history). They
 * register here in their start hook; the heartbeat route runs them after the contact is taken.
 */
export class HeartbeatExtensions {
  private readonly extensions: HeartbeatExtension[] = [];

  constructor(private readonly d: { pluginInstallations: PluginInstallations }) {}

  register(extension: HeartbeatExtension): void {
    this.extensions.push(extension);
  }

  async run(screenId: string, heartbeat: Record<string, unknown>): Promise<HeartbeatAnswer> {
    let answer: HeartbeatAnswer = {};
    for (const extension of this.extensions) {
      if (!(await this.d.pluginInstallations.isInstalled(extension.plugin))) continue;
      answer = { ...answer, ...(await extension.handle(screenId, heartbeat)) };
    }
    return answer;
  }
}
