/**
 * What the console's event socket sends (docs/console-events.md). OpenAPI has no schema language for
 * socket messages that the client generator reads, so the fields are named here once, and a test
 * (test/console/console-messages.test.ts) holds them to the server's declared messages.
 */
export const CONSOLE_MESSAGE_FIELDS = {
  'server.hello': ['protocolVersion'],
  'screen.status': ['screenId', 'status', 'lastContactAt'],
  'asset.processing': ['assetId', 'status', 'progress'],
  'screen.preview': ['screenId', 'capturedAt'],
  'takeover.changed': ['takeoverId', 'status'],
  'takeover.screen_state': ['takeoverId', 'screenId', 'state'],
  'presentation_override.changed': ['overrideId', 'status'],
  'data_source.changed': ['dataSourceId'],
  'resource.changed': ['method', 'path'],
  'content_submission.changed': ['id', 'status', 'contentType', 'contentId'],
  'update_deployment.changed': ['deploymentId', 'status'],
} as const;

export type ConsoleMessage =
  | { type: 'server.hello'; protocolVersion: number }
  | { type: 'screen.status'; screenId: string; status: 'online' | 'recent' | 'stale' | 'offline' | 'disabled' | 'revoked'; lastContactAt: string | null }
  | { type: 'asset.processing'; assetId: string; status: 'queued' | 'inspecting' | 'processing' | 'ready' | 'failed'; progress: number | null }
  | { type: 'screen.preview'; screenId: string; capturedAt: string | null }
  | { type: 'takeover.changed'; takeoverId: string; status: 'active' | 'cancelled' | 'expired' }
  | {
      type: 'takeover.screen_state';
      takeoverId: string;
      screenId: string;
      state: 'pending' | 'notified' | 'preparing' | 'ready' | 'active' | 'failed' | 'offline' | 'restored' | 'expired' | 'cancelled';
    }
  | { type: 'presentation_override.changed'; overrideId: string; status: 'active' | 'stopped' | 'expired' }
  | { type: 'data_source.changed'; dataSourceId: string }
  | { type: 'resource.changed'; method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string }
  | {
      type: 'content_submission.changed';
      id: string;
      status: 'in_review' | 'changes_requested' | 'approved' | 'scheduled' | 'published' | 'superseded' | 'publication_failed' | 'cancelled';
      contentType: string;
      contentId: string;
    }
  | { type: 'update_deployment.changed'; deploymentId: string; status: 'pending' | 'active' | 'paused' | 'cancelled' | 'completed' };

export type ConsoleMessageType = ConsoleMessage['type'];

export function parseConsoleMessage(text: string): ConsoleMessage | undefined {
  try {
    const value = JSON.parse(text) as { type?: unknown };
    return typeof value?.type === 'string' && value.type in CONSOLE_MESSAGE_FIELDS ? (value as ConsoleMessage) : undefined;
  } catch {
    return undefined;
  }
}

/** Wait before the next reconnect: 1 s doubling to 30 s, with up to a fifth of jitter so a fleet of consoles spreads out. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.2 * random()));
}

/** `/api/v1/playlists/{id}/items` → `/api/v1/playlists`: everything read under a collection may show the change. */
const collectionOf = (path: string) => path.split('/').slice(0, 4).join('/');

/** What shows a content item's draft, submissions and publications: all read again when one moves. */
export const EDITORIAL = ['/api/v1/content-submissions', '/api/v1/content-history', '/api/v1/layouts', '/api/v1/playlists', '/api/v1/campaigns'];

/**
 * Collections whose pages show what a change to another one touches: a group page lists its screens
 * and a screen's page its groups and policies; a form is a data source, its records wait in the
 * approvals inbox; publishing or archiving a campaign writes or withdraws schedules.
 */
const SHOWN_ALONGSIDE: Record<string, string[]> = {
  '/api/v1/screen-groups': ['/api/v1/screens'],
  '/api/v1/screens': ['/api/v1/screen-groups'],
  '/api/v1/data-sources': ['/api/v1/forms', '/api/v1/approvals'],
  '/api/v1/forms': ['/api/v1/data-sources', '/api/v1/approvals'],
  // A submission or a rollback changes the content's draft status and history.
  '/api/v1/content-submissions': EDITORIAL,
  '/api/v1/content-history': EDITORIAL,
  // A draft edited after its submission shows as a newer draft in the inbox.
  '/api/v1/layouts': ['/api/v1/content-submissions'],
  '/api/v1/playlists': ['/api/v1/content-submissions'],
  '/api/v1/campaigns': ['/api/v1/schedules', '/api/v1/content-submissions'],
};

/** The reads a change under `path` makes stale. */
export function changedPaths(path: string): string[] {
  const collection = collectionOf(path);
  return [...new Set([collection, ...(SHOWN_ALONGSIDE[collection] ?? [])])];
}

/** Which cached API reads a message makes stale (path prefixes of the generated client's query keys). */
export function stalePathsOf(message: ConsoleMessage): string[] {
  switch (message.type) {
    case 'screen.status':
      return ['/api/v1/screens', '/api/v1/fleet'];
    case 'screen.preview':
      return [`/api/v1/screens/{id}/preview`];
    case 'asset.processing':
      return ['/api/v1/assets', '/api/v1/playlists'];
    case 'takeover.changed':
    case 'takeover.screen_state':
      return ['/api/v1/takeovers'];
    case 'presentation_override.changed':
      return ['/api/v1/presentation-overrides'];
    case 'data_source.changed':
      return changedPaths('/api/v1/data-sources');
    case 'resource.changed':
      return changedPaths(message.path);
    // A scheduled publication (the server's minute job) changes the submission and the content it publishes.
    case 'content_submission.changed':
      return ['/api/v1/content-submissions', '/api/v1/content-history', `/api/v1/${message.contentType}s`];
    // Players report and heartbeats settle screens without anyone in a console changing anything.
    case 'update_deployment.changed':
      return ['/api/v1/update-deployments'];
    case 'server.hello':
      return [];
  }
}

export type TakeoverStatus = Extract<ConsoleMessage, { type: 'takeover.changed' }>['status'];
export type TakeoverScreenState = Extract<ConsoleMessage, { type: 'takeover.screen_state' }>['state'];
