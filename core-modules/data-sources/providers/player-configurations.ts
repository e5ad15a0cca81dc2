import { type DataDocument, type DocumentValue, valueText } from './document.js';

// What schema-11 players read in a manifest entry's `configuration`: the source's presentation
// settings with its records inlined under `data`, cut to the bounds the Android player validates.

/** `text` within `max` UTF-16 units (as the Android player counts), never ending in half a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 2] ?? '') ? max - 2 : max - 1;
  return `${text.slice(0, end)}…`;
}
const textOf = (v: DocumentValue | undefined) => (v ? valueText(v) : '');

/**
 * A structured source's configuration as schema-11 players read it (`StructuredSourceConfig`: how to
 * present it, and its records under `data`, within the Android player's bounds), never where it
 * is read from.
 */
export function structuredConfiguration(c: Record<string, unknown>, document: DataDocument | null, failing: boolean) {
  const dataset = document?.datasets[0];
  const standard = new Set(['title', 'subtitle', 'date', 'author', 'description', 'imageUrl', 'link']);
  return {
    presentation: c.presentation,
    fields: c.fields,
    emptyState: cut(String(c.emptyState ?? ''), 240),
    dateSelection: c.dateSelection ?? { enabled: false },
    data: {
      records: (dataset?.records ?? []).slice(0, 200).map((r) => ({
        id: r.id.slice(0, 64),
        title: cut(textOf(r.values.title), 240),
        subtitle: cut(textOf(r.values.subtitle), 240),
        date: textOf(r.values.date),
        author: textOf(r.values.author),
        description: cut(textOf(r.values.description), 500),
        imageUrl: textOf(r.values.imageUrl),
        link: textOf(r.values.link),
        values: Object.fromEntries(
          Object.entries(r.values)
            .filter(([k]) => !standard.has(k))
            .slice(0, 12)
            .map(([k, v]) => [k, textOf(v)]),
        ),
      })),
      cachedAt: dataset?.cache.cachedAt ?? null,
      staleAt: dataset?.cache.staleAt ?? null,
      usingCachedData: failing,
      unavailable: !document,
    },
  };
}

const plainOf = (v: DocumentValue | undefined) =>
  !v ? undefined : 'text' in v ? v.text : 'datetime' in v ? v.datetime : 'boolean' in v ? v.boolean : undefined;

/** A calendar source as schema-11 players read it (`CalendarPlayerConfig`): its events, soonest first. */
export function calendarConfiguration(c: Record<string, unknown>, document: DataDocument | null, failing: boolean) {
  const dataset = document?.datasets[0];
  return {
    displayMode: c.displayMode,
    maxEvents: c.maxEvents,
    fields: c.fields,
    timezone: c.timezone,
    emptyState: cut(String(c.emptyState ?? ''), 240),
    data: {
      events: (dataset?.records ?? []).map((r) => ({
        id: r.id,
        calendar: plainOf(r.values.calendar) ?? '',
        title: cut(String(plainOf(r.values.title) ?? ''), 300),
        start: plainOf(r.values.start) ?? '',
        end: plainOf(r.values.end) ?? '',
        allDay: plainOf(r.values.allDay) === true,
        ...(r.values.location ? { location: cut(String(plainOf(r.values.location)), 300) } : {}),
        ...(r.values.description ? { descriptionExcerpt: cut(String(plainOf(r.values.description)), 500) } : {}),
      })),
      cachedAt: dataset?.cache.cachedAt ?? null,
      staleAt: dataset?.cache.staleAt ?? null,
      usingCachedData: failing,
      unavailable: !document,
    },
  };
}
