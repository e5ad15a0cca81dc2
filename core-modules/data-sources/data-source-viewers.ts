/**
 * A module that shows data sources on screens (widgets, layouts, a plugin): it says which sources
 * each screen shows and which screens show a source. The data-sources module puts those sources in
 * the screens' manifests and tells exactly those screens when a source's output changes.
 */
export interface DataSourceViewer {
  /** For each of these screens that shows any, the ids of the data sources it shows. */
  sourcesShownOn(screenIds: string[]): Promise<Map<string, string[]>>;
  /** The screens showing any of these sources. */
  screensShowing(sourceIds: string[]): Promise<string[]>;
}

/** The registered viewers (exported as part of `dataSourceLibrary`). */
export class DataSourceViewers {
  private readonly viewers: DataSourceViewer[] = [];

  register(viewer: DataSourceViewer): void {
    this.viewers.push(viewer);
  }

  async sourcesShownOn(screenIds: string[]): Promise<Map<string, string[]>> {
    const shown = new Map<string, Set<string>>();
    for (const viewer of this.viewers) {
      for (const [screenId, ids] of await viewer.sourcesShownOn(screenIds)) {
        const set = shown.get(screenId) ?? new Set<string>();
        for (const id of ids) set.add(id);
        shown.set(screenId, set);
      }
    }
    return new Map([...shown].map(([screenId, ids]) => [screenId, [...ids].sort()]));
  }

  async screensShowing(sourceIds: string[]): Promise<string[]> {
    if (!sourceIds.length) return [];
    const screens = new Set<string>();
    for (const viewer of this.viewers) for (const id of await viewer.screensShowing(sourceIds)) screens.add(id);
    return [...screens];
  }
}
