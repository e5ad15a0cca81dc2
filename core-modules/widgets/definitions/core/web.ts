import type { Configuration } from '../configuration.js';
import { choice, color, flag, int, text } from '../fields.js';
import { WEB_CAPABILITIES, type WidgetPresentation } from '../presentation.js';
import type { WidgetDefinition } from '../widget-definition.js';

const web = {
  version: 1,
  category: 'Web and video',
  runtime: 'web',
  legacyPlayers: true,
  emptyStateBehavior: 'placeholder',
  requiredCapabilities: WEB_CAPABILITIES,
} as const;
const hostOf = (url: unknown) => new URL(String(url)).hostname.toLowerCase();

function remote(url: string, allowedHosts: string[], loadTimeoutSeconds: number, fallbackBehavior: unknown): WidgetPresentation {
  return {
    schemaVersion: 1,
    kind: 'web',
    requiredCapabilities: { 'web.remote': 1 },
    web: { mode: 'remote', url, allowedHosts, onlineOnly: true, lifecycle: 'destroy_on_hide', fallbackBehavior: String(fallbackBehavior), loadTimeoutSeconds },
  };
}

export const website: WidgetDefinition = {
  ...web,
  id: 'website',
  name: 'Website',
  description: 'A public web page shown in a sandbox.',
  icon: 'globe',
  fields: [
    { key: 'url', label: 'Address', control: 'url', required: true, maxLength: 2048 },
    flag('javascriptEnabled', true),
    flag('domStorageEnabled', true),
    choice('cookiePolicy', ['disabled', 'first_party', 'first_and_third_party'], 'first_party'),
    choice('reloadPolicy', ['load_once', 'on_each_activation', 'interval'], 'on_each_activation'),
    int('refreshIntervalSeconds', 30, 86_400, undefined),
    int('loadTimeoutSeconds', 1, 120, 20),
    int('zoomPercent', 50, 200, 100),
    int('scrollX', 0, 100_000, 0),
    int('scrollY', 0, 100_000, 0),
    color('backgroundColor', '#0E141B'),
    choice('failureBehavior', ['last_success', 'placeholder', 'skip'], 'placeholder'),
  ],
  check: (c) =>
    c.reloadPolicy === 'interval' && c.refreshIntervalSeconds === undefined
      ? [{ field: 'refreshIntervalSeconds', message: 'is required when reloadPolicy is interval' }]
      : [],
  playerConfiguration: (c) => ({ ...c, allowedHosts: [hostOf(c.url)] }),
  compile: (c) => remote(String(c.url), [hostOf(c.url)], Number(c.loadTimeoutSeconds), c.failureBehavior),
};

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com']);
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const PLAYLIST_ID = /^[A-Za-z0-9_-]{2,64}$/;

/** The video or playlist a YouTube address names; undefined when it names neither. */
export function youtubeTarget(address: unknown): { kind: 'video' | 'playlist'; videoId?: string; playlistId?: string } | undefined {
  let url: URL;
  try {
    url = new URL(String(address));
  } catch {
    return undefined;
  }
  if (!YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) return undefined;
  const path = url.pathname.split('/').filter(Boolean);
  const list = url.searchParams.get('list') ?? undefined;
  const video =
    url.hostname === 'youtu.be'
      ? path[0]
      : path[0] === 'watch'
        ? url.searchParams.get('v')
        : ['embed', 'shorts', 'live'].includes(path[0] ?? '')
          ? path[1]
          : undefined;
  if (video && VIDEO_ID.test(video)) return { kind: 'video', videoId: video, ...(list && PLAYLIST_ID.test(list) ? { playlistId: list } : {}) };
  if (list && PLAYLIST_ID.test(list)) return { kind: 'playlist', playlistId: list };
  return undefined;
}

function embedUrl(c: Configuration): string {
  const target = youtubeTarget(c.url)!;
  const params = new URLSearchParams({ autoplay: '1', mute: c.muted ? '1' : '0', controls: c.controls ? '1' : '0', playsinline: '1' });
  if (target.kind === 'playlist') params.set('list', target.playlistId!);
  if (c.startSeconds) params.set('start', String(c.startSeconds));
  if (c.endSeconds !== undefined) params.set('end', String(c.endSeconds));
  if (c.loop) params.set('loop', '1');
  if (c.loop && target.videoId) params.set('playlist', target.videoId);
  if (c.captions) params.set('cc_load_policy', '1');
  if (c.captions && c.captionLanguage) params.set('cc_lang_pref', String(c.captionLanguage));
  return `https://www.youtube-nocookie.com/embed/${target.kind === 'video' ? target.videoId : 'videoseries'}?${params}`;
}

export const youtube: WidgetDefinition = {
  ...web,
  id: 'youtube',
  name: 'YouTube',
  description: 'A public YouTube video or playlist.',
  icon: 'youtube',
  emits: { video: true, audio: true },
  fields: [
    { key: 'url', label: 'Video or playlist address', control: 'url', required: true, maxLength: 2048 },
    int('startSeconds', 0, 86_400, 0),
    int('endSeconds', 1, 86_400, undefined),
    flag('loop', false),
    flag('muted', false),
    int('volume', 0, 100, 100),
    flag('captions', false),
    text('captionLanguage', 16),
    flag('controls', false),
    choice('failureBehavior', ['placeholder', 'skip'], 'placeholder'),
  ],
  check(c) {
    if (!youtubeTarget(c.url)) return [{ field: 'url', message: 'must be the address of a YouTube video or playlist' }];
    if (c.endSeconds !== undefined && Number(c.endSeconds) <= Number(c.startSeconds)) return [{ field: 'endSeconds', message: 'must be after startSeconds' }];
    return [];
  },
  playerConfiguration: (c) => ({ ...c, ...youtubeTarget(c.url) }),
  compile: (c) => remote(embedUrl(c), ['www.youtube-nocookie.com', 'www.youtube.com', 'i.ytimg.com', 'www.google.com'], 20, c.failureBehavior),
};

export const webWidgets = [website, youtube];
