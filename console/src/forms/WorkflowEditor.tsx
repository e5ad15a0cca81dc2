import { ActionIcon, Alert, Button, Checkbox, Group, Radio, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';
import { useRefreshForms } from './useRefreshForms';
import type { Form, Workflow } from './form-types';
import { CAPABILITIES, stateKeyFor, workflowProblem } from './workflow-rules';

/**
 * The form's workflow as the API models it: states (one initial, at least one on air) and the
 * transitions between them, each made by those holding a capability. Saved whole.
 */
export function WorkflowEditor({ form }: { form: Form }) {
  const { t } = useTranslation('forms');
  const refresh = useRefreshForms();
  const [draft, setDraft] = useState<Workflow>(form.workflow);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const serverJson = JSON.stringify(form.workflow);
  useEffect(() => {
    if (!dirty) setDraft(JSON.parse(serverJson) as Workflow);
  }, [serverJson, dirty]);

  const change = (next: Workflow) => {
    setDraft(next);
    setDirty(true);
  };
  const states = draft.states;
  const stateOptions = states.map((s) => ({ value: s.key, label: s.label || s.key }));
  const setState = (key: string, patch: Partial<Workflow['states'][number]>) =>
    change({ ...draft, states: states.map((s) => (s.key === key ? { ...s, ...patch } : s)) });
  const setTransition = (index: number, patch: Partial<Workflow['transitions'][number]>) =>
    change({ ...draft, transitions: draft.transitions.map((x, i) => (i === index ? { ...x, ...patch } : x)) });
  const addState = () => {
    const label = t('workflow.newState');
    const key = stateKeyFor(label, states);
    change({
      ...draft,
      states: [...states, { key, label, eligibleForOutput: false, initial: false, terminal: false, position: states.length, recordCount: 0, removable: true }],
    });
  };
  const addTransition = () => {
    const [from, to] = [states[0]?.key ?? '', states[1]?.key ?? states[0]?.key ?? ''];
    change({
      ...draft,
      transitions: [...draft.transitions, { from, to, label: t('workflow.newTransition'), requiredCapability: 'approve', position: draft.transitions.length }],
    });
  };
  const problem = workflowProblem(draft);
  const save = async () => {
    setBusy(true);
    try {
      const body = {
        states: states.map((s, position) => ({ ...s, position })),
        transitions: draft.transitions.map((x, position) => ({ ...x, requiredCapability: x.requiredCapability as (typeof CAPABILITIES)[number], position })),
      };
      const { error } = await api.PUT('/api/v1/data-sources/{id}/form/workflow', { params: { path: { id: form.id } }, body });
      if (error) throw error;
      setDirty(false);
      notifyDone(t('workflow.saved'));
      await refresh();
    } catch (error) {
      notifyFailed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('workflow.intro')}
      </Text>
      <Title order={2} size="h4">
        {t('workflow.states')}
      </Title>
      <Radio.Group
        value={states.find((s) => s.initial)?.key ?? null}
        onChange={(key) => change({ ...draft, states: states.map((s) => ({ ...s, initial: s.key === key })) })}
      >
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={t('workflow.states')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('workflow.label')}</Table.Th>
                <Table.Th>{t('workflow.initial')}</Table.Th>
                <Table.Th>{t('workflow.onAir')}</Table.Th>
                <Table.Th>{t('workflow.terminal')}</Table.Th>
                <Table.Th>{t('workflow.records')}</Table.Th>
                <Table.Th>{t('workflow.remove')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {states.map((s) => (
                <Table.Tr key={s.key}>
                  <Table.Td>
                    <TextInput
                      aria-label={t('workflow.stateLabel', { key: s.key })}
                      value={s.label}
                      onChange={(e) => setState(s.key, { label: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Radio value={s.key} aria-label={t('workflow.initialOf', { name: s.label })} />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('workflow.onAirOf', { name: s.label })}
                      checked={s.eligibleForOutput}
                      onChange={(e) => setState(s.key, { eligibleForOutput: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('workflow.terminalOf', { name: s.label })}
                      checked={s.terminal}
                      onChange={(e) => setState(s.key, { terminal: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>{s.recordCount}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={!s.removable || s.recordCount > 0}
                      aria-label={t('workflow.removeState', { name: s.label })}
                      onClick={() =>
                        change({
                          states: states.filter((x) => x.key !== s.key),
                          transitions: draft.transitions.filter((x) => x.from !== s.key && x.to !== s.key),
                        })
                      }
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Radio.Group>
      <Group>
        <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={addState} disabled={states.length >= 16}>
          {t('workflow.addState')}
        </Button>
      </Group>
      <Title order={2} size="h4">
        {t('workflow.transitions')}
      </Title>
      <Table.ScrollContainer minWidth={720}>
        <Table aria-label={t('workflow.transitions')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('workflow.from')}</Table.Th>
              <Table.Th>{t('workflow.to')}</Table.Th>
              <Table.Th>{t('workflow.action')}</Table.Th>
              <Table.Th>{t('workflow.who')}</Table.Th>
              <Table.Th>{t('workflow.remove')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.transitions.map((x, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: transitions have no id, and a row's from/to are being edited.
              <Table.Tr key={i}>
                <Table.Td>
                  <Select
                    aria-label={t('workflow.fromOf', { n: String(i + 1) })}
                    data={stateOptions}
                    value={x.from}
                    allowDeselect={false}
                    onChange={(v) => v && setTransition(i, { from: v })}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={t('workflow.toOf', { n: String(i + 1) })}
                    data={stateOptions}
                    value={x.to}
                    allowDeselect={false}
                    onChange={(v) => v && setTransition(i, { to: v })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t('workflow.actionOf', { n: String(i + 1) })}
                    value={x.label}
                    onChange={(e) => setTransition(i, { label: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={t('workflow.whoOf', { n: String(i + 1) })}
                    data={CAPABILITIES.map((c) => ({ value: c, label: t(`capabilities.${c}`) }))}
                    value={x.requiredCapability}
                    allowDeselect={false}
                    onChange={(v) => v && setTransition(i, { requiredCapability: v })}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('workflow.removeTransition', { name: x.label })}
                    onClick={() => change({ ...draft, transitions: draft.transitions.filter((_, j) => j !== i) })}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={addTransition} disabled={draft.transitions.length >= 48}>
          {t('workflow.addTransition')}
        </Button>
      </Group>
      {problem && <Alert color="yellow">{t(problem as 'workflow.problem.initial')}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" disabled={!dirty} onClick={() => setDirty(false)}>
          {t('workflow.discard')}
        </Button>
        <Button onClick={save} loading={busy} disabled={!dirty || Boolean(problem)}>
          {t('workflow.save')}
        </Button>
      </Group>
    </Stack>
  );
}
