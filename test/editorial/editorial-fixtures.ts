import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApiResponse } from '../support/console-client.js';
import { rectangle } from '../support/layout-placements.js';

/** A console call bound to one user. */
export type Api = (method: string, path: string, body?: unknown) => Promise<ApiResponse>;

/** A drawn rectangle named `name`: always publishable. */
export const box = (name: string, x = 10) => rectangle({ name, x });

/** A new layout whose draft (revision 2) holds these placements. */
export async function layoutWith(api: Api, ...placements: unknown[]) {
  const created = await api('POST', '/api/v1/layouts', {
    name: `Board ${randomUUID().slice(0, 6)}`,
    orientation: 'landscape',
    canvasWidth: 1920,
    canvasHeight: 1080,
  });
  expect(created.status, JSON.stringify(created.body)).to.equal(201);
  return saveDraft(api, created.body.data, placements);
}

/** Saves the layout's draft with these placements (a new draft revision), answering the layout. */
export async function saveDraft(api: Api, layout: { id: string; draftRevision: number; draft: Record<string, unknown> }, placements: unknown[]) {
  const saved = await api('PUT', `/api/v1/layouts/${layout.id}/draft`, {
    expectedDraftRevision: layout.draftRevision,
    document: { ...layout.draft, placements },
  });
  expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
  return saved.body.data;
}

/** Sets the organization's `content.*` review settings (an owner's call). */
export async function setReview(api: Api, values: { review_policy?: string; allow_self_approval?: boolean; auto_publish_on_approval?: boolean }) {
  const doc = await api('GET', '/api/v1/settings');
  const res = await api('PATCH', '/api/v1/settings', {
    revision: doc.body.data.revision,
    values: Object.fromEntries(Object.entries(values).map(([k, v]) => [`content.${k}`, v])),
  });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
}

/** The review settings as a new installation has them. */
export const REVIEW_DEFAULTS = { review_policy: 'off', allow_self_approval: true, auto_publish_on_approval: false };
