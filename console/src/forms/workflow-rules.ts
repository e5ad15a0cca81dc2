// Pure rules of the workflow editor (no imports: unit tests load this file alone).

interface State {
  key: string;
  label: string;
  eligibleForOutput: boolean;
  initial: boolean;
}
interface Transition {
  from: string;
  to: string;
  label: string;
  requiredCapability: string;
}
export const CAPABILITIES = ['submit', 'review', 'approve', 'manage'] as const;

/** What the server would refuse in a workflow, as a message key of the `forms` namespace; undefined when sound. Pure. */
export function workflowProblem(w: { states: State[]; transitions: Transition[] }): string | undefined {
  const keys = new Set(w.states.map((s) => s.key));
  if (keys.size !== w.states.length) return 'workflow.problem.repeatedState';
  if (w.states.some((s) => !s.label.trim())) return 'workflow.problem.label';
  if (w.states.filter((s) => s.initial).length !== 1) return 'workflow.problem.initial';
  if (!w.states.some((s) => s.eligibleForOutput)) return 'workflow.problem.onAir';
  const pairs = new Set<string>();
  for (const t of w.transitions) {
    if (!t.label.trim()) return 'workflow.problem.label';
    if (!keys.has(t.from) || !keys.has(t.to)) return 'workflow.problem.unknownState';
    if (t.from === t.to) return 'workflow.problem.loop';
    if (pairs.has(`${t.from}>${t.to}`)) return 'workflow.problem.repeatedTransition';
    pairs.add(`${t.from}>${t.to}`);
  }
  return undefined;
}

/** A key for a new state from its label, unique in the workflow (the server's pattern: `^[a-z][a-z0-9_]{0,39}$`). Pure. */
export function stateKeyFor(label: string, states: { key: string }[]): string {
  const taken = new Set(states.map((s) => s.key));
  const words =
    label
      .toLowerCase()
      .match(/[a-z0-9]+/g)
      ?.join('_') ?? '';
  const base = (/^[a-z]/.test(words) ? words : `state${words ? `_${words}` : ''}`).slice(0, 36);
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  return key;
}

/** The transition a submitter takes from a state (submit, resubmit), if the workflow has one. Pure. */
export const submitFrom = <T extends Transition>(w: { transitions: T[] }, state: string) =>
  w.transitions.find((t) => t.from === state && t.requiredCapability === 'submit');

/** Each state's label by key, for badges. Pure. */
export const stateLabels = (w: { states: State[] }) => new Map(w.states.map((s) => [s.key, s.label]));

type Capability = 'manage' | 'submit' | 'view_own' | 'view_all' | 'review' | 'approve';
// What holding one gives (the server's rule): managing gives all; approving, reviewing; reviewing, seeing all.
const IMPLIES: Record<Capability, Capability[]> = {
  manage: ['manage', 'submit', 'view_own', 'view_all', 'review', 'approve'],
  approve: ['approve', 'review', 'view_all', 'view_own'],
  review: ['review', 'view_all', 'view_own'],
  view_all: ['view_all', 'view_own'],
  view_own: ['view_own'],
  submit: ['submit', 'view_own'],
};

/** Everything the capabilities a form grants give (the API sends the fewest that say it). Pure. */
export function capabilitiesFrom(granted: readonly string[]): Set<Capability> {
  return new Set(granted.flatMap((c) => IMPLIES[c as Capability] ?? []));
}
