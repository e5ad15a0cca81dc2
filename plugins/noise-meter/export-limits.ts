/** What one history export may hold, set when the plugin is made (tests lower it). */
export interface ExportLimits {
  /** Raw rows in one export; a month of a large fleet is a download nobody can open. */
  rawRows: number;
}
