import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { invalidInput } from '../../../kernel/errors.js';
import { groupNotFound } from '../group-errors.js';
import type { PanelFilesDeps } from './panel-files-deps.js';
import { type Canvas, geometryProblem, type Panel } from './span-geometry.js';
import { panelOf } from './span.repository.js';

type Deps = Pick<PanelFilesDeps, 'db' | 'groupsRepository' | 'spanRepository' | 'groupsService' | 'screensService' | 'auditLog' | 'panelFilesService'>;

const invalid = (message: string) => invalidInput('span_validation_failed', message, 'body/panels');

/**
 * Video walls: a group in span mode shows one picture over its members, each showing its panel of
 * a logical canvas. Players receive the canvas and their panel (`viewport`) in the manifest, and
 * each video cut to their panel (see PanelFilesService).
 */
export class SpanService {
  constructor(private readonly d: Deps) {}

  async get(groupId: string) {
    const group = await this.d.groupsRepository.byId(groupId);
    if (!group) throw groupNotFound();
    const span = group.display_mode === 'span' ? await this.d.spanRepository.get(groupId) : undefined;
    if (!span) return { groupId, displayMode: group.display_mode, preparations: [] };
    const [names, preparations] = await Promise.all([
      this.d.screensService.namesOf(span.panels.map((p) => p.screen_id)),
      this.d.panelFilesService.preparations(groupId, span.canvas, span.panels),
    ]);
    return {
      groupId,
      displayMode: group.display_mode,
      geometry: { canvas: span.canvas, panels: span.panels.map((p) => ({ ...panelOf(p), screenName: names.get(p.screen_id) ?? '' })) },
      preparations,
    };
  }

  async put(actor: ConsolePrincipal, groupId: string, body: { displayMode: 'mirror' | 'span'; canvas?: Canvas; panels?: Panel[] }, ip: string) {
    await this.d.db.transaction(async (trx) => {
      if (!(await this.d.groupsRepository.lock(groupId, trx))) throw groupNotFound();
      if (body.displayMode === 'mirror') {
        await this.d.spanRepository.delete(groupId, trx);
        await this.d.groupsRepository.setDisplayMode(groupId, 'mirror', trx);
        return;
      }
      if (!body.canvas || !body.panels) throw invalid('A span wall needs a canvas and a panel for each member.');
      const problem = geometryProblem(body.canvas, body.panels);
      if (problem) throw invalid(problem);
      const members = new Set((await this.d.groupsRepository.membersOf([groupId], trx)).get(groupId));
      const strangers = body.panels.filter((p) => !members.has(p.screenId));
      if (strangers.length) throw invalid(`Screen ${strangers[0]!.screenId} is not in this group.`);
      if (body.panels.length !== members.size) throw invalid('Every member of the group needs exactly one panel.');
      await this.d.spanRepository.replace(groupId, body.canvas, body.panels, trx);
      await this.d.groupsRepository.setDisplayMode(groupId, 'span', trx);
    });
    await this.d.auditLog.record({
      action: 'screen_group.span_changed',
      actor,
      ip,
      resourceType: 'screen_group',
      resourceId: groupId,
      metadata: { displayMode: body.displayMode },
    });
    await this.d.groupsService.contentChanged([groupId]);
    await this.d.panelFilesService.wallSaved(groupId);
    return this.get(groupId);
  }
}
