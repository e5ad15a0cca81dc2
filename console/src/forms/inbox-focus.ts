/**
 * Which inbox row takes the focus once `done` leaves the list: the one after it, else the one before,
 * so a keyboard user goes on deciding without finding their place again. Pure.
 */
export function focusAfterDecision(ids: string[], done: string): string | undefined {
  const at = ids.indexOf(done);
  if (at < 0) return ids[0];
  return ids[at + 1] ?? ids[at - 1];
}
