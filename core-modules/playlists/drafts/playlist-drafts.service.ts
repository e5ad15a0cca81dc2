import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { notFound } from '../../../kernel/errors.js';
import type { PublicationSummary, SubmissionView } from '../../editorial/editorial.api.js';
import { playlistNotFound } from '../playlist-reader.js';
import type { PlaylistReaderDeps } from '../playlist-reader-deps.js';
import type { PlaylistDetail } from '../playlist-schemas.js';
import { absence } from './item-presence.js';
import { checkedDocument, type PlaylistDocument } from './playlist-document.js';

type Deps = Pick<PlaylistReaderDeps, 'editorial' | 'playlistsRepository' | 'revisionsRepository' | 'playlistReader' | 'mediaLibrary' | 'contentKinds'>;

/** How many of a playlist's latest publications its revisions list shows (the reference keeps as many). */
export const REVISIONS_SHOWN = 30;

/** What a publish did: the publication with its submission (201), or a submission for review (202). */
export type PlaylistPublishOutcome = { published: { submission: SubmissionView; published: PublicationSummary } } | { submitted: SubmissionView };

/** One published revision as the reference console's history panel lists it. */
export interface RevisionSummary {
  revision: number;
  name: string;
  itemCount: number;
  sourceType: string;
  createdAt: string;
  createdBy?: string;
  authorName?: string;
  isCurrent: boolean;
  restorable: boolean;
  missingReferences: number;
}

const revisionNotFound = () => notFound('playlist_not_found', 'This playlist has no such published revision.');

/**
 * A playlist's draft as it goes live and back: publishing it (through the editorial workflow,
 * reviewed first when the organization's policy asks), its published revisions, and copying one
 * back into the draft, as the reference's console calls them.
 */
export class PlaylistDraftsService {
  constructor(private readonly d: Deps) {}

  async publish(actor: ConsolePrincipal, id: string, expectedDraftRevision: number | undefined, ip: string): Promise<PlaylistPublishOutcome> {
    const outcome = await this.d.editorial.publishDraft('playlist', id, expectedDraftRevision, actor, ip);
    if (outcome.outcome === 'submitted') return { submitted: await this.d.editorial.submission(outcome.submissionId) };
    const submission = await this.d.editorial.submission(outcome.publication.submissionId!);
    return { published: { submission, published: outcome.publication } };
  }

  /** The latest publications, newest first, each with what its document holds and how much of it is gone since. */
  async revisions(id: string): Promise<{ items: RevisionSummary[]; kept: number }> {
    const [playlist, documents] = await Promise.all([this.d.playlistsRepository.byId(id), this.documents(id)]);
    if (!playlist) throw playlistNotFound();
    const absent = await absence(
      this.d,
      documents.flatMap(({ document }) => document.items),
    );
    const items = documents.map(({ publication: p, document }) => {
      const missingReferences = document.items.filter(absent).length;
      const isCurrent = p.revision === playlist.revision;
      return {
        revision: p.revision,
        name: document.name,
        itemCount: document.items.length,
        sourceType: document.sourceType,
        createdAt: p.publishedAt,
        ...(p.publishedBy ? { createdBy: p.publishedBy } : {}),
        ...(p.publisherName ? { authorName: p.publisherName } : {}),
        isCurrent,
        // A revision whose every item is gone would restore an empty playlist: offered only when something is left.
        restorable: !isCurrent && (document.items.length === 0 || document.items.length > missingReferences),
        missingReferences,
      };
    });
    return { items, kept: REVISIONS_SHOWN };
  }

  /** Copies a published revision into the draft, without what can no longer be played; screens keep what they play. */
  async restore(actor: ConsolePrincipal, id: string, revision: number, ip: string) {
    if (!(await this.d.playlistsRepository.byId(id))) throw playlistNotFound();
    const found = (await this.documents(id, Number.POSITIVE_INFINITY)).find((r) => r.publication.revision === revision);
    if (!found) throw revisionNotFound();
    const absent = await absence(this.d, found.document.items);
    const newRevision = await this.d.editorial.restoreDraft('playlist', id, found.publication.id, actor, ip);
    const playlist: PlaylistDetail = await this.d.playlistReader.get(id);
    return { playlist, restoredFrom: revision, newRevision, skippedItems: found.document.items.filter(absent).length };
  }

  // The playlist's latest publications with the documents they made live (its own revision rows).
  private async documents(id: string, limit = REVISIONS_SHOWN): Promise<{ publication: PublicationSummary; document: PlaylistDocument }[]> {
    const publications = (await this.d.editorial.publications('playlist', id)).slice(0, limit);
    const rows = await this.d.revisionsRepository.byIds(
      id,
      publications.flatMap((p) => (p.nativeRevisionId ? [p.nativeRevisionId] : [])),
    );
    return publications.flatMap((publication) => {
      const row = publication.nativeRevisionId ? rows.get(publication.nativeRevisionId) : undefined;
      return row ? [{ publication, document: checkedDocument(row.document) }] : [];
    });
  }
}
