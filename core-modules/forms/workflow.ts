import { type Static, Type } from '@sinclair/typebox';

/** What a person may do on one form. */
export const CAPABILITIES = ['manage', 'submit', 'view_own', 'view_all', 'review', 'approve'] as const;
export type Capability = (typeof CAPABILITIES)[number];
const StateKey = Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' });
const Label = Type.String({ minLength: 1, maxLength: 80, pattern: '\\S' });
/** A capability on the wire. */
export const CapabilitySchema = Type.Union(CAPABILITIES.map((c) => Type.Literal(c)));

/** A workflow as a form keeps it: states in order, and the transitions between them. */
export interface Workflow {
  states: { key: string; label: string; eligibleForOutput: boolean; initial?: boolean; terminal?: boolean }[];
  transitions: Transition[];
}
export interface Transition {
  from: string;
  to: string;
  label: string;
  requiredCapability: Capability;
}

/**
 * A workflow as a client sends it: what it read back may be sent again. `position` orders states
 * and transitions (the array order where it is missing); `recordCount` and `removable` are read-only
 * and ignored.
 */
const Position = Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 }));
export const WorkflowInputSchema = Type.Object({
  states: Type.Array(
    Type.Object({
      key: StateKey,
      label: Label,
      eligibleForOutput: Type.Optional(Type.Boolean({ default: false, description: 'Records in this state are on air (screens show them).' })),
      initial: Type.Optional(Type.Boolean({ default: false })),
      terminal: Type.Optional(Type.Boolean({ default: false })),
      position: Position,
      recordCount: Type.Optional(Type.Integer({ minimum: 0, description: 'Read-only: ignored.' })),
      removable: Type.Optional(Type.Boolean({ description: 'Read-only: ignored.' })),
    }),
    { minItems: 1, maxItems: 16 },
  ),
  transitions: Type.Array(Type.Object({ from: StateKey, to: StateKey, label: Label, requiredCapability: CapabilitySchema, position: Position }), {
    maxItems: 48,
  }),
});
export type WorkflowInput = Static<typeof WorkflowInputSchema>;

const byPosition = <T extends { position?: number }>(items: T[]) =>
  items.map((item, index) => ({ item, at: item.position ?? index, index })).sort((a, b) => a.at - b.at || a.index - b.index);

/** The workflow a form keeps from what a client sent: in position order, without read-only decorations. Pure. */
export function workflowOf(input: WorkflowInput): Workflow {
  return {
    states: byPosition(input.states).map(({ item: s }) => ({
      key: s.key,
      label: s.label,
      eligibleForOutput: s.eligibleForOutput ?? false,
      initial: s.initial ?? false,
      terminal: s.terminal ?? false,
    })),
    transitions: byPosition(input.transitions).map(({ item: t }) => ({ from: t.from, to: t.to, label: t.label, requiredCapability: t.requiredCapability })),
  };
}

/** Draft → submitted → approved (on air) or rejected or back with changes requested; approved → expired. */
export const DEFAULT_WORKFLOW: Workflow = {
  states: [
    { key: 'draft', label: 'Draft', eligibleForOutput: false, initial: true, terminal: false },
    { key: 'submitted', label: 'Submitted', eligibleForOutput: false, initial: false, terminal: false },
    { key: 'changes_requested', label: 'Changes requested', eligibleForOutput: false, initial: false, terminal: false },
    { key: 'approved', label: 'Approved', eligibleForOutput: true, initial: false, terminal: false },
    { key: 'rejected', label: 'Rejected', eligibleForOutput: false, initial: false, terminal: true },
    { key: 'expired', label: 'Expired', eligibleForOutput: false, initial: false, terminal: true },
  ],
  transitions: [
    { from: 'draft', to: 'submitted', label: 'Submit', requiredCapability: 'submit' },
    { from: 'submitted', to: 'approved', label: 'Approve', requiredCapability: 'approve' },
    { from: 'submitted', to: 'rejected', label: 'Reject', requiredCapability: 'approve' },
    { from: 'submitted', to: 'changes_requested', label: 'Request changes', requiredCapability: 'review' },
    { from: 'changes_requested', to: 'submitted', label: 'Resubmit', requiredCapability: 'submit' },
    { from: 'approved', to: 'expired', label: 'Expire', requiredCapability: 'manage' },
  ],
};

/** The state a record that has passed its `expiresAt` moves to: `expired` where the workflow has it. */
export const EXPIRED_STATE = 'expired';

/** What is wrong with a workflow (undefined when nothing). Pure. */
export function workflowProblem(w: Workflow): string | undefined {
  const keys = new Set(w.states.map((s) => s.key));
  if (keys.size !== w.states.length) return 'State keys must be unique.';
  if (w.states.filter((s) => s.initial).length !== 1) return 'Exactly one state is the initial one.';
  if (!w.states.some((s) => s.eligibleForOutput)) return 'At least one state must put records on air.';
  const pairs = new Set<string>();
  for (const t of w.transitions) {
    if (!keys.has(t.from) || !keys.has(t.to)) return `The transition “${t.label}” names a state the workflow does not have.`;
    if (t.from === t.to) return `The transition “${t.label}” leads back to its own state.`;
    if (pairs.has(`${t.from}>${t.to}`)) return `There are two transitions from ${t.from} to ${t.to}.`;
    pairs.add(`${t.from}>${t.to}`);
  }
  return undefined;
}

export const initialState = (w: Workflow) => w.states.find((s) => s.initial)!.key;
export const stateOf = (w: Workflow, key: string) => w.states.find((s) => s.key === key);
/** A submitter edits a record while it can still be (re)submitted: draft, changes requested. */
export const editableBySubmitter = (w: Workflow, state: string) => w.transitions.some((t) => t.from === state && t.requiredCapability === 'submit');

/**
 * Whether moving into `t.to` needs a note: a reviewer sending a record back to its submitter says
 * why (the default workflow: "request changes").
 */
export function requiresNote(w: Workflow, t: Transition): boolean {
  return (t.requiredCapability === 'review' || t.requiredCapability === 'approve') && editableBySubmitter(w, t.to) && initialState(w) !== t.to;
}

/** What holding a capability also gives: managing gives all; approving, reviewing; reviewing, seeing all. */
const IMPLIES: Record<Capability, Capability[]> = {
  manage: ['manage', 'submit', 'view_own', 'view_all', 'review', 'approve'],
  approve: ['approve', 'review', 'view_all', 'view_own'],
  review: ['review', 'view_all', 'view_own'],
  view_all: ['view_all', 'view_own'],
  view_own: ['view_own'],
  submit: ['submit', 'view_own'],
};

/** Every capability the held ones give. Pure. */
export function expand(held: Iterable<Capability>): Set<Capability> {
  const all = new Set<Capability>();
  for (const c of held) for (const implied of IMPLIES[c]) all.add(implied);
  return all;
}

/** The fewest capabilities that give the same as `held` (what access lists show and store). Pure. */
export function collapse(held: Iterable<Capability>): Capability[] {
  const all = expand(held);
  if (all.has('manage')) return ['manage'];
  const top = (['approve', 'review', 'view_all', 'view_own'] as const).find((c) => all.has(c));
  const kept: Capability[] = all.has('submit') ? ['submit'] : [];
  if (top && !(top === 'view_own' && all.has('submit'))) kept.push(top);
  return kept.sort();
}
