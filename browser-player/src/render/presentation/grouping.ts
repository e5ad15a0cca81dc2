/** Records in sections (an agenda by day, a menu by course): no DOM, so Node tests import it. */
export interface Section<T> {
  heading: string;
  records: T[];
}

/**
 * Records grouped by their heading, sections in the order their first record comes and records in
 * their own order within each; records without a heading share one section headed `''`.
 */
export function sections<T>(records: T[], headingOf: (record: T) => string): Section<T>[] {
  const byHeading = new Map<string, T[]>();
  for (const record of records) {
    const heading = headingOf(record);
    const section = byHeading.get(heading);
    if (section) section.push(record);
    else byHeading.set(heading, [record]);
  }
  return [...byHeading].map(([heading, list]) => ({ heading, records: list }));
}
