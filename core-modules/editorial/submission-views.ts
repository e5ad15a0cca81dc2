import type { PublicationSummary } from './editorial.api.js';
import type { EditorialBaseDeps } from './editorial-deps.js';
import type { PublicationRow, SubmissionRow } from './editorial.models.js';
import { submissionView, type SubmissionView } from './submission-view.js';

type Deps = Pick<EditorialBaseDeps, 'db' | 'publishableKinds' | 'userDirectory'>;

interface ContentNow {
  name?: string;
  workingRevision?: number;
  publishedRevision?: number | null;
  screens: number;
  locations: number;
}

const GONE: ContentNow = { screens: 0, locations: 0 };

/** Submissions and publications as the routes answer them: with names, and what the content is now. */
export class SubmissionViews {
  constructor(private readonly d: Deps) {}

  async many(rows: SubmissionRow[]): Promise<SubmissionView[]> {
    const items = [...new Map(rows.map((r) => [`${r.content_type}:${r.content_id}`, r])).values()];
    const now = new Map(
      await Promise.all(items.map(async (r) => [`${r.content_type}:${r.content_id}`, await this.contentNow(r.content_type, r.content_id)] as const)),
    );
    const names = await this.names(rows.flatMap((r) => [r.submitted_by, r.reviewed_by]));
    return rows.map((row) => {
      const c = now.get(`${row.content_type}:${row.content_id}`) ?? GONE;
      return submissionView(row, {
        contentName: c.name,
        workingRevision: c.workingRevision,
        publishedRevision: c.publishedRevision,
        screens: c.screens,
        locations: c.locations,
        names,
      });
    });
  }

  async one(row: SubmissionRow): Promise<SubmissionView> {
    return (await this.many([row]))[0]!;
  }

  async publications(rows: PublicationRow[]): Promise<PublicationSummary[]> {
    const names = await this.names(rows.map((r) => r.published_by));
    return rows.map((r) => publicationSummary(r, names));
  }

  // The draft's revision and what screens play now, read without holding the content: the lock a
  // kind's snapshot takes ends with this short transaction. Content deleted since reads as gone.
  private async contentNow(type: string, id: string): Promise<ContentNow> {
    if (!this.d.publishableKinds.has(type)) return GONE;
    const kind = this.d.publishableKinds.get(type);
    try {
      const snapshot = await this.d.db.transaction((trx) => kind.snapshot(id, trx));
      const reach = await kind.reach(id);
      return { name: snapshot.name, workingRevision: snapshot.workingRevision, publishedRevision: snapshot.publishedRevision, ...reach };
    } catch (err) {
      if ((err as { kind?: string }).kind === 'not_found') return GONE;
      throw err;
    }
  }

  private async names(ids: (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
    if (!wanted.length) return new Map();
    return new Map((await this.d.userDirectory.byIds(wanted)).map((u) => [u.id, u.name]));
  }
}

export function publicationSummary(r: PublicationRow, names: Map<string, string>): PublicationSummary {
  return {
    id: r.id,
    revision: r.revision,
    ...(r.native_revision_id ? { nativeRevisionId: r.native_revision_id } : {}),
    ...(r.submission_id ? { submissionId: r.submission_id } : {}),
    ...(r.campaign_release_id ? { campaignReleaseId: r.campaign_release_id } : {}),
    ...(r.published_by ? { publishedBy: r.published_by } : {}),
    publisherName: (r.published_by && names.get(r.published_by)) || '',
    publishedAt: r.published_at.toISOString(),
    ...(r.supersedes_publication_id ? { supersedesPublicationId: r.supersedes_publication_id } : {}),
    method: r.method,
    affectedScreenCount: r.affected_screen_count,
    snapshotSha256: r.snapshot_sha256,
  };
}
