import type { ScreenDirectory } from '../screens/screens.api.js';
import type { AssignmentRow } from './networks.models.js';
import { assignmentView } from './network-view.js';

/** A network's assignments as the console reads them, with each screen's name and platform. */
export async function assignmentViews(directory: Pick<ScreenDirectory, 'namesOf' | 'platformsOf'>, networkName: string, rows: AssignmentRow[]) {
  const ids = rows.map((a) => a.screen_id);
  const [names, platforms] = await Promise.all([directory.namesOf(ids), directory.platformsOf(ids)]);
  return rows.map((a) =>
    assignmentView({ id: a.screen_id, name: names.get(a.screen_id) ?? '', platform: platforms.get(a.screen_id) ?? '' }, { ...a, network_name: networkName }),
  );
}
