import { expect } from 'chai';
import { capabilitiesOf, sourceOperations } from '../../core-modules/forms/form-access.js';
import { viewDataset } from '../../core-modules/forms/form-output.js';
import { checkedValues, type FormSchema, fieldValue, publishProblem, schemaProblem } from '../../core-modules/forms/form-schema.js';
import { type Capability, collapse, DEFAULT_WORKFLOW, expand, requiresNote, workflowProblem } from '../../core-modules/forms/workflow.js';
import type { Role } from '../../kernel/auth/principal.js';
import type { RecordRow } from '../../core-modules/forms/forms.models.js';

const schema: FormSchema = {
  fields: [
    { key: 'title', label: 'Title', control: 'short_text', required: true },
    { key: 'count', label: 'Count', control: 'integer', minimum: 1, maximum: 10 },
    {
      key: 'tags',
      label: 'Tags',
      control: 'multi_select',
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
    },
    { key: 'when', label: 'When', control: 'datetime' },
    { key: 'photo', label: 'Photo', control: 'image', required: true },
  ],
};

describe('form rules', () => {
  it('checks each value by its control and normalises it', () => {
    const [count, tags, when] = [schema.fields[1]!, schema.fields[2]!, schema.fields[3]!];
    expect(fieldValue(count, '7')).to.equal(7);
    expect(fieldValue(count, 7.5)).to.have.property('problem');
    expect(fieldValue(count, 11)).to.have.property('problem');
    expect(fieldValue(tags, ['a', 'a', 'b'])).to.deep.equal(['a', 'b']);
    expect(fieldValue(tags, ['c'])).to.have.property('problem');
    expect(fieldValue(when, '2026-11-25T10:00:00+01:00')).to.equal('2026-11-25T09:00:00.000Z');
    expect(fieldValue(when, '2026-11-25 10:00')).to.have.property('problem');
    const day = { key: 'day', label: 'Day', control: 'date' as const };
    expect(fieldValue(day, '2028-02-29')).to.equal('2028-02-29');
    expect(fieldValue(day, '2026-02-29'), 'not a leap year').to.have.property('problem');
  });

  it('asks for required fields only when complete, keeps images, and refuses unknown fields', () => {
    expect(checkedValues(schema, { count: 2 }, {}, false)).to.deep.equal({ values: { count: 2 } });
    expect(checkedValues(schema, { count: 2 }, {}, true)).to.deep.equal({ problem: 'Title is required.' });
    expect(checkedValues(schema, { title: 'x' }, { photo: 'img-1' }, true)).to.deep.equal({ values: { title: 'x', photo: 'img-1' } });
    expect(checkedValues(schema, { title: 'x' }, {}, true)).to.deep.equal({ problem: 'Photo is required.' });
    expect(checkedValues(schema, { nope: 1 }, {}, false)).to.have.property('problem');
    expect(checkedValues(schema, { photo: 'x' }, {}, false)).to.have.property('problem');
  });

  it('refuses unsound definitions and publishes only drafts old records still fit', () => {
    expect(schemaProblem(schema)).to.equal(undefined);
    expect(schemaProblem({ fields: [{ key: 'priority', label: 'P', control: 'integer' }] })).to.match(/reserved/);
    expect(schemaProblem({ fields: [{ key: 's', label: 'S', control: 'select' }] })).to.match(/option/);
    const retyped = { fields: schema.fields.map((f) => (f.key === 'count' ? { ...f, control: 'short_text' as const } : f)) };
    expect(publishProblem(schema, retyped)).to.match(/kind of value/);
    expect(publishProblem(schema, { fields: schema.fields.slice(1) })).to.match(/may change but not go/);
    const relabelled = { fields: schema.fields.map((f) => ({ ...f, label: `${f.label}!` })) };
    expect(publishProblem(schema, relabelled)).to.equal(undefined);
  });

  it('needs a note only to send a record back, and states the fewest capabilities', () => {
    const back = DEFAULT_WORKFLOW.transitions.filter((t) => requiresNote(DEFAULT_WORKFLOW, t)).map((t) => t.to);
    expect(back).to.deep.equal(['changes_requested']);
    expect(workflowProblem(DEFAULT_WORKFLOW)).to.equal(undefined);
    expect(workflowProblem({ ...DEFAULT_WORKFLOW, states: DEFAULT_WORKFLOW.states.map((s) => ({ ...s, eligibleForOutput: false })) })).to.match(/on air/);
    expect(collapse(['approve', 'review', 'view_all', 'submit'])).to.deep.equal(['approve', 'submit']);
    expect(collapse(['submit', 'view_own'])).to.deep.equal(['submit']);
    expect(collapse(['manage', 'submit'])).to.deep.equal(['manage']);
  });

  it('opens a form by role until it lists people, then only to them (and its creator and administrators), never past their role', () => {
    const open = { listed: false, mine: undefined };
    const holds = (userId: string, role: Role, grants: { listed: boolean; mine: Capability[] | undefined }) =>
      collapse(capabilitiesOf({ userId, role }, 'c', grants));
    expect(holds('u', 'contributor', open)).to.deep.equal(['submit', 'view_all']);
    expect(holds('u', 'viewer', open)).to.deep.equal(['view_all']);
    expect(holds('u', 'editor', { listed: true, mine: undefined })).to.deep.equal([]);
    expect(holds('c', 'editor', { listed: true, mine: undefined })).to.deep.equal(['manage']);
    expect(holds('u', 'administrator', { listed: true, mine: undefined })).to.deep.equal(['manage']);
    // A creator or a listed person demoted holds what their role now allows.
    expect(holds('c', 'viewer', { listed: true, mine: undefined })).to.deep.equal(['view_all']);
    expect(holds('u', 'viewer', { listed: true, mine: ['review'] })).to.deep.equal(['view_all']);
    expect(holds('u', 'contributor', { listed: true, mine: ['manage'] })).to.deep.equal(['submit', 'view_all']);
    expect(holds('u', 'contributor', { listed: true, mine: ['approve'] })).to.deep.equal(['view_all']);
  });

  it('lets a form’s people see its data source, read what it holds with view_all, and change or delete it with manage', () => {
    expect([...sourceOperations(new Set())]).to.deep.equal([]);
    expect([...sourceOperations(expand(['submit']))]).to.deep.equal(['view']);
    expect([...sourceOperations(expand(['review']))]).to.deep.equal(['view', 'read']);
    expect([...sourceOperations(expand(['manage']))]).to.deep.equal(['view', 'read', 'edit', 'delete']);
  });

  it('keeps in a view the records within its time filter and those its filters match exactly', () => {
    const events: FormSchema = {
      fields: [
        { key: 'name', label: 'Name', control: 'short_text' },
        { key: 'starts', label: 'Starts', control: 'datetime' },
        { key: 'ends', label: 'Ends', control: 'datetime' },
      ],
    };
    const now = new Date('2026-11-26T12:00:00Z');
    const row = (name: string, starts?: string, ends?: string): RecordRow => ({
      id: name,
      source_id: 's',
      revision_id: 'r',
      state: 'approved',
      values: { name, ...(starts ? { starts } : {}), ...(ends ? { ends } : {}) },
      submitted_by: null,
      submitter_name: '',
      display_title: name,
      priority: 0,
      display_at: null,
      expires_at: null,
      eligible: true,
      version: 1,
      state_changed_at: now,
      created_at: now,
      updated_at: now,
    });
    const rows = [
      row('running', '2026-11-26T11:00:00Z', '2026-11-26T13:00:00Z'),
      row('later', '2026-11-26T14:00:00Z', '2026-11-26T15:00:00Z'),
      row('over', '2026-11-26T09:00:00Z', '2026-11-26T12:00:00Z'),
      row('open-ended', '2026-11-25T09:00:00Z'),
      row('Running'),
    ];
    const names = (view: Parameters<typeof viewDataset>[0]) => viewDataset(view, events, rows, now).records.map((r) => r.id);
    const timeFilter = { enabled: true, startField: 'starts', endField: 'ends', startBeforeNow: true, endAfterNow: true };
    expect(names({ key: 'v', name: 'V', timeFilter })).to.deep.equal(['running', 'open-ended', 'Running']);
    expect(names({ key: 'v', name: 'V', timeFilter: { ...timeFilter, enabled: false } })).to.have.length(5);
    expect(names({ key: 'v', name: 'V', fieldFilters: [{ field: 'name', operator: 'equals', value: 'running' }] })).to.deep.equal(['running']);
    expect(names({ key: 'v', name: 'V', fieldFilters: [{ field: 'name', operator: 'contains', value: 'RUN' }] })).to.deep.equal(['running', 'Running']);
  });
});
