import type { CampaignsBaseDeps } from './campaigns-deps.js';
import type { CampaignDestination } from './campaign-document.js';

type Deps = Pick<CampaignsBaseDeps, 'screenGroups' | 'screenDirectory' | 'screenTargets'>;

/** The destinations that no longer exist, as `screen <id>` / `group <id>`. */
export async function missingDestinations(d: Deps, destinations: CampaignDestination[]): Promise<string[]> {
  const screenIds = destinations.filter((x) => x.type === 'screen').map((x) => x.id);
  const groupIds = destinations.filter((x) => x.type === 'group').map((x) => x.id);
  const [screens, groups] = await Promise.all([d.screenDirectory.namesOf(screenIds), d.screenGroups.existing(groupIds)]);
  return [
    ...screenIds.filter((id) => !screens.has(id)).map((id) => `screen ${id}`),
    ...groupIds.filter((id) => !groups.includes(id)).map((id) => `group ${id}`),
  ];
}

/** The screens the destinations reach (a group's members) and how many locations they stand in. */
export async function destinationReach(d: Deps, destinations: CampaignDestination[]): Promise<{ screens: string[]; locations: number }> {
  const members = await d.screenGroups.membersOf(destinations.filter((x) => x.type === 'group').map((x) => x.id));
  const named = destinations.filter((x) => x.type === 'screen').map((x) => x.id);
  const existing = await d.screenDirectory.namesOf(named);
  const screens = [...new Set([...named.filter((id) => existing.has(id)), ...[...members.values()].flat()])];
  const placements = await d.screenTargets.placements(screens);
  return { screens, locations: new Set([...placements.values()].flatMap((p) => (p.locationId ? [p.locationId] : []))).size };
}
