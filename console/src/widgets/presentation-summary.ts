import type { Presentation } from './types';

interface Node {
  type: string;
  props?: Record<string, unknown>;
  binding?: { source: string; dataset?: string; path?: string; value?: string; format?: string; fields?: string[] };
  repeat?: { dataset: string; limit: number };
  children?: Node[];
}

/** One line of the outline: how deep, and what the node draws. */
export interface OutlineLine {
  depth: number;
  text: string;
}

const MAX_LINES = 80;

function describe(node: Node): string {
  const parts = [node.type];
  const role = node.props?.role;
  if (typeof role === 'string') parts.push(`(${role})`);
  const b = node.binding;
  if (b) {
    const what = b.source === 'literal' ? `“${b.value ?? ''}”` : [b.source, b.dataset, b.path ?? b.fields?.join(', ')].filter(Boolean).join(' ');
    parts.push(`← ${what}${b.format ? ` [${b.format}]` : ''}`);
  }
  if (node.repeat) parts.push(`× ${node.repeat.limit} of ${node.repeat.dataset}`);
  return parts.join(' ');
}

/** The presentation's native tree as indented lines (at most 80), for a person to read. */
export function outline(presentation: Presentation): OutlineLine[] {
  const lines: OutlineLine[] = [];
  const walk = (node: Node, depth: number) => {
    if (lines.length >= MAX_LINES) return;
    lines.push({ depth, text: describe(node) });
    for (const child of node.children ?? []) walk(child, depth + 1);
  };
  const root = presentation.native?.root as Node | undefined;
  if (root) walk(root, 0);
  return lines;
}
