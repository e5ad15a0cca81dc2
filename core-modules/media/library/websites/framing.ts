/**
 * Whether a page's response headers let another origin show it in a frame, as the player does.
 * CSP `frame-ancestors` wins over X-Frame-Options when present (CSP Level 2 §7.7.1); browsers
 * ignore X-Frame-Options values other than DENY and SAMEORIGIN (HTML §7.1.8).
 */
export interface FramingVerdict {
  allowed: boolean;
  /** A stable code: why it is or is not allowed. */
  reason:
    | 'no_restrictions'
    | 'csp_frame_ancestors_any'
    | 'csp_frame_ancestors_none'
    | 'csp_frame_ancestors_restricted'
    | 'x_frame_options_deny'
    | 'x_frame_options_sameorigin'
    | 'x_frame_options_ignored';
}

type HeaderValue = string | string[] | undefined;

const values = (h: HeaderValue) => (Array.isArray(h) ? h : h === undefined ? [] : [h]);

/** The source lists of every enforced `frame-ancestors` directive (one per policy that has one). */
function frameAncestors(csp: HeaderValue): string[][] {
  const lists: string[][] = [];
  // Several policies arrive as several headers or as one comma-joined value; each is enforced.
  for (const policy of values(csp).flatMap((v) => v.split(','))) {
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name?.toLowerCase() === 'frame-ancestors') {
        lists.push(sources);
        break; // only the first occurrence in a policy counts
      }
    }
  }
  return lists;
}

export function framingVerdict(headers: Record<string, HeaderValue>): FramingVerdict {
  const lists = frameAncestors(headers['content-security-policy']);
  if (lists.length) {
    for (const sources of lists) {
      const normalized = sources.map((s) => s.toLowerCase());
      if (normalized.length === 0 || normalized.includes("'none'")) return { allowed: false, reason: 'csp_frame_ancestors_none' };
      // A list of named origins may or may not include the player's: nothing guarantees it does.
      if (!normalized.includes('*')) return { allowed: false, reason: 'csp_frame_ancestors_restricted' };
    }
    return { allowed: true, reason: 'csp_frame_ancestors_any' };
  }
  const xfo = values(headers['x-frame-options'])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  if (xfo.includes('deny')) return { allowed: false, reason: 'x_frame_options_deny' };
  if (xfo.includes('sameorigin')) return { allowed: false, reason: 'x_frame_options_sameorigin' };
  return xfo.length ? { allowed: true, reason: 'x_frame_options_ignored' } : { allowed: true, reason: 'no_restrictions' };
}
