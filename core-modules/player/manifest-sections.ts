import type { TSchema } from '@sinclair/typebox';
import type { Claim } from './playback/playback-resolver.js';
import type { PlayerProfile } from './player-profiles.js';

/**
 * The manifest's list sections, each sent on every manifest (empty when no source fills it:
 * players iterate them unconditionally). Open: a module adds its own from its folder with
 * `declare module '../player/player.api.js' { interface ManifestLists { schedules: ManifestSchedule[] } }`
 * and registers it (`manifestSections.register`).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, here and in other modules
export interface ManifestLists {}

/** The manifest's sections that are sent only when a source gives them; open the same way. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, here and in other modules
export interface ManifestSections {}

export type ListName = keyof ManifestLists;
export type SectionName = ListName | keyof ManifestSections;
export type SectionValue<N extends SectionName> = N extends ListName ? ManifestLists[N] : N extends keyof ManifestSections ? ManifestSections[N] : never;

/**
 * How the values sources give for a section become the manifest's, sources taken highest rank
 * first: `fallback` the first source's (lower sources giving one are shadowed: their files are not
 * sent unless they also list something playable); `single` and `override` the first source's
 * (an override's claims rank above what it overrides, and it shadows nothing); `list` every
 * source's entries, deduplicated by `id` (else `assetId`), first seen kept.
 */
export type MergeRule = 'fallback' | 'single' | 'override' | 'list';

/** Whoever gave a value: a content source's name and rank. */
export interface SectionSource {
  name: string;
  rank: number;
}

/** One section of the manifest, declared once by the module that owns it. */
export interface ManifestSection<N extends SectionName = SectionName> {
  name: N;
  /** Its value's schema: the manifest's documented schema is composed from the sections'. */
  schema: TSchema;
  merge: N extends ListName ? 'list' : Exclude<MergeRule, 'list'>;
  /** The lowest manifest schema version it may be sent in; older players get nothing of it. Default 11. */
  since?: number;
  /** What the value claims for `decide()` (what may play, and when). */
  claims?(value: SectionValue<N>, source: SectionSource, at: number): Claim[];
  /** What this player gets of the merged value (undefined: nothing), for the schema it is served. */
  forPlayer?(value: SectionValue<N>, player: PlayerProfile): SectionValue<N> | undefined;
}

/**
 * The manifest's sections (exported as `manifestSections`): modules register theirs when they start,
 * before the HTTP routes are built, which read the composed schema once; a later registration is
 * refused, since the manifest route would strip what its schema does not name.
 */
export class ManifestSectionRegistry {
  private readonly byName = new Map<string, ManifestSection<SectionName>>();
  private sealed = false;

  register<N extends SectionName>(section: ManifestSection<N>): void {
    if (this.sealed) throw new Error(`manifest section ${section.name} is registered after the manifest schema was built`);
    if (this.byName.has(section.name)) throw new Error(`manifest section ${section.name} is registered twice`);
    this.byName.set(section.name, section as unknown as ManifestSection<SectionName>);
  }

  /** Every registered section, in registration order. */
  all(): ManifestSection<SectionName>[] {
    return [...this.byName.values()];
  }

  /** The sections, for building the manifest's schema: no registration is taken after this. */
  seal(): ManifestSection<SectionName>[] {
    this.sealed = true;
    return this.all();
  }
}

/** What the sections of one source's content claim for `decide()`. */
export function claimsOf(
  sections: ManifestSection<SectionName>[],
  source: SectionSource,
  content: Partial<ManifestLists & ManifestSections>,
  at: number,
): Claim[] {
  return sections.flatMap((s) => {
    const value = (content as Record<string, unknown>)[s.name];
    return s.claims && value !== undefined ? s.claims(value as never, source, at) : [];
  });
}
