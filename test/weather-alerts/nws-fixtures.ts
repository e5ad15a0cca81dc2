import type { FeedServer } from '../support/feed-server.js';

// Shaped on the service's documented GeoJSON (api.weather.gov /alerts/active and /zones).

let sequence = 0;

/** One alert feature; `ends` minutes from now (null: the publisher gives no end). */
export function nwsAlert(overrides: Record<string, unknown> = {}, endsInMinutes: number | null = 60): Record<string, unknown> {
  const id = `urn:oid:2.49.0.1.840.0.test.${++sequence}`;
  const now = Date.now();
  const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString().replace('.000Z', '+00:00');
  const properties = {
    '@id': `https://api.weather.gov/alerts/${id}`,
    '@type': 'wx:Alert',
    id,
    areaDesc: 'Franklin, OH; Delaware, OH',
    geocode: { SAME: ['039049', '039041'], UGC: ['OHC049', 'OHC041'] },
    affectedZones: ['https://api.weather.gov/zones/county/OHC049', 'https://api.weather.gov/zones/county/OHC041'],
    references: [],
    sent: at(-5),
    effective: at(-5),
    onset: at(-5),
    expires: endsInMinutes === null ? null : at(endsInMinutes),
    ends: endsInMinutes === null ? null : at(endsInMinutes),
    status: 'Actual',
    messageType: 'Alert',
    category: 'Met',
    severity: 'Extreme',
    certainty: 'Observed',
    urgency: 'Immediate',
    event: 'Tornado Warning',
    sender: 'w-nws.webmaster@noaa.gov',
    senderName: 'NWS Wilmington OH',
    headline: 'Tornado Warning issued for Franklin County',
    description: 'At 3:05 PM EDT, a confirmed tornado was located near Columbus, moving east at 25 mph.',
    instruction: 'TAKE COVER NOW! Move to a basement or an interior room on the lowest floor.',
    response: 'Shelter',
    parameters: {},
    ...overrides,
  };
  return { id: properties['@id'], type: 'Feature', geometry: null, properties };
}

export const collection = (features: Record<string, unknown>[]) =>
  JSON.stringify({
    '@context': ['https://geojson.org/geojson-ld/geojson-context.jsonld'],
    type: 'FeatureCollection',
    features,
    title: 'Current watches, warnings, and advisories',
  });

/** What the fixture's /alerts/active answers from now on. */
export function serveAlerts(feed: FeedServer, features: Record<string, unknown>[]): void {
  feed.answers.set('/alerts/active', { type: 'application/geo+json', body: collection(features) });
}

/** A zone as `/zones` lists it: `type` is `county`, or `public` for a forecast zone (found under `/zones/forecast/`). */
export const zoneFeature = (id: string, name: string, type: 'county' | 'public') => {
  const url = `https://api.weather.gov/zones/${type === 'county' ? 'county' : 'forecast'}/${id}`;
  return {
    id: url,
    type: 'Feature',
    geometry: null,
    properties: { '@id': url, '@type': 'wx:Zone', id, type, name, state: id.slice(0, 2), forecastOffices: [], timeZone: ['America/New_York'] },
  };
};
