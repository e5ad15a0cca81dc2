import { expect } from 'chai';
import { fieldKeyFor, hasUnpublishedChanges, newField, optionsFromLabels, valuesToSend, valueText } from '../../console/src/forms/form-fields.js';
import { focusAfterDecision } from '../../console/src/forms/inbox-focus.js';

import { capabilitiesFrom, stateKeyFor, submitFrom, workflowProblem } from '../../console/src/forms/workflow-rules.js';

describe('console: the forms pages’ rules', () => {
  it('keys a new field from its label, as the server takes keys: unique, never one of the record’s own', () => {
    expect(fieldKeyFor('Today’s Special!', [])).to.equal('today_s_special');
    expect(fieldKeyFor('Price', ['price', 'price_2'])).to.equal('price_3');
    expect(fieldKeyFor('State', [])).to.equal('state_2');
    expect(fieldKeyFor('2 for 1', [])).to.equal('field_2_for_1');
    expect(fieldKeyFor('', [])).to.equal('field');
    expect(fieldKeyFor('Café crème', [])).to.equal('cafe_creme');
    expect(newField('select', 'Choice', []).options, 'a choice starts with one option (the server needs one)').to.have.length(1);
    expect(newField('short_text', 'Short text', []).options).to.equal(undefined);
  });

  it('keeps the stored value of an option whose label stays, and gives new ones distinct values', () => {
    const before = [{ value: 'menu', label: 'Menu' }];
    expect(optionsFromLabels(['Menu', 'Event', ' ', 'Event'], before)).to.deep.equal([
      { value: 'menu', label: 'Menu' },
      { value: 'event', label: 'Event' },
      { value: 'event_2', label: 'Event' },
    ]);
  });

  it('sends the values a person gave, not images, presentation or empty answers', () => {
    const fields = [
      { key: 'a', label: 'A', control: 'short_text' as const },
      { key: 'b', label: 'B', control: 'multi_select' as const, options: [{ value: 'x', label: 'X' }] },
      { key: 'c', label: 'C', control: 'image' as const },
      { key: 'd', label: '', control: 'help_text' as const },
      { key: 'e', label: 'E', control: 'boolean' as const },
      { key: 'f', label: 'F', control: 'number' as const },
    ];
    expect(valuesToSend(fields, { a: '', b: [], c: 'id', d: 'x', e: false, f: 0, z: 'not a field' })).to.deep.equal({ e: false, f: 0 });
    expect(valuesToSend(fields, { a: 'Hi', b: ['x'] })).to.deep.equal({ a: 'Hi', b: ['x'] });
    expect(valueText(fields[1]!, ['x', 'gone'], { yes: 'Yes', no: 'No' })).to.equal('X, gone');
    expect(valueText(fields[4]!, false, { yes: 'Yes', no: 'No' })).to.equal('No');
  });

  it('tells a draft ahead of what is published', () => {
    const fields = [{ key: 'a', label: 'A', control: 'short_text' as const }];
    const published = { schema: { fields } } as never;
    expect(hasUnpublishedChanges({ draftSchema: { fields }, publishedRevision: published })).to.equal(false);
    expect(hasUnpublishedChanges({ draftSchema: { fields: [{ ...fields[0]!, required: true }] }, publishedRevision: published })).to.equal(true);
    expect(hasUnpublishedChanges({ draftSchema: { fields }, publishedRevision: undefined })).to.equal(true);
  });

  it('finds what the server would refuse in a workflow before it is sent', () => {
    const s = (key: string, more: object = {}) => ({ key, label: key, eligibleForOutput: false, initial: false, terminal: false, ...more });
    const t = (from: string, to: string) => ({ from, to, label: `${from}>${to}`, requiredCapability: 'approve' });
    const sound = { states: [s('draft', { initial: true }), s('live', { eligibleForOutput: true })], transitions: [t('draft', 'live')] };
    expect(workflowProblem(sound as never)).to.equal(undefined);
    expect(workflowProblem({ ...sound, states: [s('draft'), s('live', { eligibleForOutput: true })] } as never)).to.equal('workflow.problem.initial');
    expect(workflowProblem({ ...sound, states: [s('draft', { initial: true }), s('live')] } as never)).to.equal('workflow.problem.onAir');
    expect(workflowProblem({ ...sound, transitions: [t('draft', 'gone')] } as never)).to.equal('workflow.problem.unknownState');
    expect(workflowProblem({ ...sound, transitions: [t('live', 'live')] } as never)).to.equal('workflow.problem.loop');
    expect(workflowProblem({ ...sound, transitions: [t('draft', 'live'), t('draft', 'live')] } as never)).to.equal('workflow.problem.repeatedTransition');
    expect(stateKeyFor('New state', [{ key: 'new_state' }])).to.equal('new_state_2');
    expect(submitFrom({ transitions: [t('draft', 'live'), { ...t('draft', 'submitted'), requiredCapability: 'submit' }] } as never, 'draft')?.to).to.equal(
      'submitted',
    );
  });

  it('reads what the few capabilities a form states give, as the server does', () => {
    expect([...capabilitiesFrom(['submit'])].sort()).to.deep.equal(['submit', 'view_own']);
    expect([...capabilitiesFrom(['approve', 'submit'])].sort()).to.deep.equal(['approve', 'review', 'submit', 'view_all', 'view_own']);
    expect(capabilitiesFrom(['manage']).size).to.equal(6);
    expect(capabilitiesFrom(['unknown']).size).to.equal(0);
  });

  it('moves the inbox’s focus to the next record once one is decided, or the one before at the end', () => {
    expect(focusAfterDecision(['a', 'b', 'c'], 'a')).to.equal('b');
    expect(focusAfterDecision(['a', 'b', 'c'], 'c')).to.equal('b');
    expect(focusAfterDecision(['a'], 'a')).to.equal(undefined);
    expect(focusAfterDecision(['a', 'b'], 'gone')).to.equal('a');
  });
});
