/**
 * When a presentation node's `condition` holds: its binding's plain value (unformatted) compared
 * with the condition's value. No DOM, so Node tests import it.
 *
 * Order comparisons are numeric and hold only when both sides are numbers; `before`/`after` compare
 * instants (an ISO date is midnight UTC) and hold only when both sides are dates; an operator this
 * player does not know never holds, so what it guards stays hidden.
 */
export function conditionHolds(op: string, subject: string, value = ''): boolean {
  const [a, b] = [number(subject), number(value)];
  const numeric = a !== undefined && b !== undefined;
  switch (op) {
    case 'equals':
      return numeric ? a === b : subject === value;
    case 'not_equals':
      return numeric ? a !== b : subject !== value;
    case 'empty':
      return subject.trim() === '';
    case 'not_empty':
      return subject.trim() !== '';
    case 'greater_than':
      return numeric && a > b;
    case 'greater_or_equal':
      return numeric && a >= b;
    case 'less_than':
      return numeric && a < b;
    case 'less_or_equal':
      return numeric && a <= b;
    case 'before':
    case 'after': {
      const [s, v] = [Date.parse(subject), Date.parse(value)];
      if (Number.isNaN(s) || Number.isNaN(v)) return false;
      return op === 'before' ? s < v : s > v;
    }
    default:
      return false;
  }
}

function number(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}
