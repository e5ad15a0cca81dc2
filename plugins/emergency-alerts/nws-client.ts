import { guardedFetch, type OutboundError } from '../../kernel/outbound/guarded-fetch.js';
import { storableText } from '../../kernel/text.js';
import type { WeatherAlertsConfig } from './emergency-alerts-config.js';

/** One alert of the feed, as the monitor uses it (texts bounded and storable). */
export interface NwsAlert {
  id: string;
  event: string;
  headline: string;
  description: string;
  instruction: string;
  severity: string;
  urgency: string;
  certainty: string;
  areaDescription: string;
  sender: string;
  /** When the publisher says it ends (`ends`, else `expires`); null when it does not say. */
  endsAt: Date | null;
  /** Ids of the earlier messages this one updates (an update carries a new id). */
  references: string[];
}

export interface NwsZone {
  id: string;
  name: string;
  state: string;
  type: string;
}

/** Why the service gave no usable answer: a health code (`nws_timeout`, `nws_http_503`, …). */
export class NwsFailure extends Error {
  constructor(readonly code: string) {
    super(`The weather service gave no usable answer (${code}).`);
  }
}

const MAX_BYTES = 16 * 1024 * 1024;
const NETWORK_CODES: Partial<Record<OutboundError, string>> = { timeout: 'nws_timeout', too_large: 'nws_response_too_large' };

const text = (value: unknown, limit: number) => (typeof value === 'string' ? storableText(value.trim()).slice(0, limit) : '');
const stamp = (value: unknown) => {
  const at = typeof value === 'string' ? new Date(value) : null;
  return at && Number.isFinite(at.getTime()) ? at : null;
};
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The GeoJSON features of a body, or `nws_invalid_response`. */
function features(body: Buffer): Record<string, unknown>[] {
  let doc: unknown;
  try {
    doc = JSON.parse(body.toString('utf8'));
  } catch {
    throw new NwsFailure('nws_invalid_response');
  }
  if (!isObject(doc) || !Array.isArray(doc.features)) throw new NwsFailure('nws_invalid_response');
  return doc.features.filter(isObject);
}

/** An alert from one feature; undefined for a feature without properties or an id. */
export function alertOf(feature: Record<string, unknown>): NwsAlert | undefined {
  const p = feature.properties;
  if (!isObject(p)) return undefined;
  const id = text(p.id, 300) || text(feature.id, 300);
  if (!id) return undefined;
  return {
    id,
    event: text(p.event, 200),
    headline: text(p.headline, 1000),
    description: text(p.description, 8000),
    instruction: text(p.instruction, 4000),
    severity: text(p.severity, 32),
    urgency: text(p.urgency, 32),
    certainty: text(p.certainty, 32),
    areaDescription: text(p.areaDesc, 2000),
    sender: text(p.senderName, 500),
    endsAt: stamp(p.ends) ?? stamp(p.expires),
    references: Array.isArray(p.references) ? p.references.map((r) => (isObject(r) ? text(r.identifier, 300) || text(r['@id'], 300) : '')).filter(Boolean) : [],
  };
}

/** The National Weather Service API: active alerts and zones, through the kernel's outbound fetch. */
export class NwsClient {
  constructor(private readonly config: WeatherAlertsConfig) {}

  /** Active actual alerts for `area` or `zone` codes (comma-joined), or all when no filter is given; deduplicated by id. */
  async activeAlerts(filter: { area?: string[]; zone?: string[] }): Promise<NwsAlert[]> {
    const query: Record<string, string> = { status: 'actual', message_type: 'alert,update' };
    if (filter.area?.length) query.area = filter.area.join(',');
    if (filter.zone?.length) query.zone = filter.zone.join(',');
    const alerts: NwsAlert[] = [];
    for (const feature of features(await this.get('/alerts/active', query))) {
      const alert = alertOf(feature);
      if (alert) alerts.push(alert);
    }
    return alerts;
  }

  /** Counties and forecast zones of a state or territory, each once (the service lists a forecast zone's type as `public`). */
  async zones(area: string): Promise<NwsZone[]> {
    const byId = new Map<string, NwsZone>();
    for (const type of ['county', 'forecast']) {
      const body = await this.get('/zones', { area, type, include_geometry: 'false', limit: '500' });
      for (const feature of features(body)) {
        const p = isObject(feature.properties) ? feature.properties : {};
        const id = (text(p.id, 100) || text(feature.id, 300).split('/').pop() || '').toUpperCase();
        if (!id || byId.has(id)) continue;
        byId.set(id, { id, name: text(p.name, 200), state: text(p.state, 10).toUpperCase(), type: text(p.type, 40) === 'county' ? 'county' : 'forecast' });
      }
    }
    return [...byId.values()];
  }

  private async get(path: string, query: Record<string, string>): Promise<Buffer> {
    const url = new URL(this.config.baseUrl.href.replace(/\/+$/, '') + path);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const outcome = await guardedFetch(url.href, {
      // The address is the administrator's (NWS_BASE_URL), not a user's: its host is trusted as configured.
      policy: { allowPrivate: false, allowedHosts: [this.config.baseUrl.host] },
      timeoutMs: this.config.timeoutMs,
      maxRedirects: 3,
      maxBytes: MAX_BYTES,
      headers: { 'user-agent': this.config.userAgent, accept: 'application/geo+json' },
    });
    if (outcome.refused || outcome.error) throw new NwsFailure((outcome.error && NETWORK_CODES[outcome.error]) ?? 'nws_unreachable');
    const { status, body } = outcome.answer!;
    if (status !== 200) throw new NwsFailure(`nws_http_${status}`);
    return body;
  }
}
