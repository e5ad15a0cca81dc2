import { expect } from 'chai';
import { expiryOf, hasEnded, matcherOf } from '../../plugins/emergency-alerts/alert-matching.js';
import { alertOf, type NwsAlert } from '../../plugins/emergency-alerts/nws-client.js';
import { loadWeatherAlertsConfig } from '../../plugins/emergency-alerts/emergency-alerts-config.js';
import { loadConfig } from '../../kernel/config.js';
import { nwsAlert } from './nws-fixtures.js';

const alert = (overrides: Record<string, unknown> = {}, endsInMinutes: number | null = 60) => alertOf(nwsAlert(overrides, endsInMinutes))!;
const rule = (overrides: Partial<{ event_names: string[]; minimum_severity: string; minimum_urgency: string }> = {}) =>
  matcherOf({ event_names: [], minimum_severity: 'Severe', minimum_urgency: 'Expected', ...overrides });

describe('weather alert matching', () => {
  it('matches event names in any case, none meaning every event', () => {
    expect(rule({ event_names: [' tornado warning '] })(alert())).to.equal(true);
    expect(rule({ event_names: ['Flood Warning'] })(alert())).to.equal(false);
    expect(rule()(alert({ event: 'Anything' }))).to.equal(true);
  });

  it('matches at least the minimum severity and urgency; an unknown severity never, an unknown urgency as Unknown', () => {
    const at = (severity: string, urgency: string) => alert({ severity, urgency });
    expect(rule()(at('Severe', 'Expected'))).to.equal(true);
    expect(rule()(at('Moderate', 'Immediate'))).to.equal(false);
    expect(rule()(at('Extreme', 'Future'))).to.equal(false);
    expect(rule({ minimum_severity: 'Minor', minimum_urgency: 'Unknown' })(at('Unknown', 'Unknown'))).to.equal(false);
    expect(rule({ minimum_severity: 'Minor', minimum_urgency: 'Unknown' })(at('Minor', 'Soon'))).to.equal(true);
    expect(rule({ minimum_severity: 'Minor', minimum_urgency: 'Future' })(at('Minor', 'Soon'))).to.equal(false);
  });

  it('ends an activation at the earlier of the alert’s end and the rule’s ceiling from first seen', () => {
    const now = new Date();
    const soon: NwsAlert = alert({}, 30);
    expect(expiryOf(soon, now, 360).getTime()).to.equal(soon.endsAt!.getTime());
    expect(expiryOf(soon, now, 10).getTime()).to.equal(now.getTime() + 10 * 60_000);
    expect(expiryOf(alert({}, null), now, 360).getTime()).to.equal(now.getTime() + 360 * 60_000);
    expect(hasEnded(alert({}, -1), now)).to.equal(true);
    expect(hasEnded(alert({}, null), now)).to.equal(false);
  });

  it('reads `ends` before `expires`, bounds the texts and skips a feature without an id', () => {
    const ends = '2030-01-01T00:00:00+00:00';
    const read = alert({ ends, expires: '2029-01-01T00:00:00+00:00', headline: 'x'.repeat(5000), event: 42 });
    expect([read.endsAt?.toISOString(), read.headline.length, read.event]).to.deep.equal(['2030-01-01T00:00:00.000Z', 1000, '']);
    expect(alertOf({ type: 'Feature', properties: { event: 'No id' } })).to.equal(undefined);
  });

  it('refuses a malformed NWS_BASE_URL at start and names the server in its User-Agent', () => {
    expect(() => loadWeatherAlertsConfig(loadConfig({ NWS_BASE_URL: 'not a url' }))).to.throw(/NWS_BASE_URL/);
    expect(() => loadWeatherAlertsConfig(loadConfig({ NWS_BASE_URL: 'ftp://example.org' }))).to.throw(/NWS_BASE_URL/);
    const config = loadWeatherAlertsConfig(loadConfig({ PUBLIC_URL: 'https://signs.example.org' }));
    expect([config.baseUrl.href, config.timeoutMs]).to.deep.equal(['https://api.weather.gov/', 20_000]);
    expect(config.userAgent).to.match(/^signage-server\/\S+ \(https:\/\/signs\.example\.org\)$/);
  });
});
