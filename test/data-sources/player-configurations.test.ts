import { expect } from 'chai';
import type { DataDocument } from '../../core-modules/data-sources/providers/document.js';
import { calendarConfiguration, structuredConfiguration } from '../../core-modules/data-sources/providers/player-configurations.js';

// The Android player refuses a whole manifest when a schema-11 text is over its bound, and it
// counts UTF-16 units: 240 characters of which some are emoji are more than 240 to it.
const emoji = '🍲'.repeat(10);
const longEmptyState = `${'x'.repeat(230)}${emoji}`; // 240 characters, 250 UTF-16 units

const isWellFormed = (text: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

const documentOf = (values: Record<string, string>): DataDocument => ({
  schemaVersion: 1,
  datasets: [
    {
      id: 'main',
      kind: 'records',
      fields: [],
      records: [{ id: 'r1', values: Object.fromEntries(Object.entries(values).map(([k, text]) => [k, { kind: 'text', text }])) }],
      cache: { cachedAt: null, staleAt: null, usingCachedData: false, unavailable: false },
    },
  ],
});

describe('schema-11 player configurations', () => {
  it('keeps a structured source’s empty state and texts within the Android bounds in UTF-16 units, without splitting a character', () => {
    const c = structuredConfiguration({ presentation: 'list', fields: {}, emptyState: longEmptyState }, documentOf({ title: '🍲'.repeat(200) }), false);
    expect(c.emptyState.length).to.be.at.most(240);
    expect(isWellFormed(c.emptyState)).to.equal(true);
    expect(c.emptyState.startsWith('x'.repeat(230))).to.equal(true);
    const [record] = c.data.records;
    expect(record!.title.length).to.be.at.most(240);
    expect(isWellFormed(record!.title)).to.equal(true);
    // What fits is left as it is.
    expect(structuredConfiguration({ emptyState: 'Nothing today 🍲' }, null, false).emptyState).to.equal('Nothing today 🍲');
  });

  it('keeps a calendar’s empty state, titles, places and excerpts within the Android bounds', () => {
    const c = calendarConfiguration(
      { displayMode: 'agenda', maxEvents: 10, fields: {}, timezone: 'UTC', emptyState: longEmptyState },
      documentOf({ title: '🎉'.repeat(200), location: '📍'.repeat(200), description: '📝'.repeat(300), start: '', end: '' }),
      false,
    );
    expect(c.emptyState.length).to.be.at.most(240);
    const [event] = c.data.events;
    expect(event!.title.length).to.be.at.most(300);
    expect(event!.location!.length).to.be.at.most(300);
    expect(event!.descriptionExcerpt!.length).to.be.at.most(500);
    for (const text of [c.emptyState, event!.title, event!.location!, event!.descriptionExcerpt!]) expect(isWellFormed(text)).to.equal(true);
  });
});
