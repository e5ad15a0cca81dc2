import { Button, Divider, Drawer, Group, Loader, Stack, Table, Text, Textarea, TextInput, Timeline, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api, api } from '../api/client';
import type { DataOf } from '../api/types';
import { notifyDone, notifyFailed } from '../common/notify';
import { QueryError } from '../common/QueryError';
import { exactTime, fromNow } from '../screens/dates';
import { holdsValue, valueText, valuesToSend } from './form-fields';
import type { Form } from './form-types';
import { RecordForm, type Values } from './RecordForm';
import { RecordImage } from './RecordImage';
import { StateBadge } from './StateBadge';
import { TransitionButtons } from './TransitionButtons';
import { useRefreshForms } from './useRefreshForms';
import { stateLabels } from './workflow-rules';

type Detail = DataOf<'/api/v1/data-sources/{id}/records/{recordId}', 'get'>;

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} title={exactTime(at)}>
      {fromNow(at)}
    </time>
  );
}

/** The record's values: editable by those who may (its submitter while it is with them, managers), read otherwise. */
function RecordValues({ form, record }: { form: Form; record: Detail }) {
  const { t } = useTranslation('forms');
  const refresh = useRefreshForms();
  const [values, setValues] = useState<Values>(record.values);
  const [title, setTitle] = useState(record.displayTitle);
  const [busy, setBusy] = useState(false);
  // Another person's change (a new version) replaces what is shown.
  useEffect(() => {
    setValues(record.values);
    setTitle(record.displayTitle);
  }, [record.values, record.displayTitle]);
  const fields = record.revision.schema.fields;
  const image = (f: (typeof fields)[number]) => <RecordImage formId={form.id} record={record} field={f} />;
  if (!record.canEdit) {
    return (
      <Stack>
        <Table aria-label={t('records.values')}>
          <Table.Tbody>
            {fields
              .filter((f) => holdsValue(f.control) && f.control !== 'image')
              .map((f) => (
                <Table.Tr key={f.key}>
                  <Table.Th scope="row">{f.label}</Table.Th>
                  <Table.Td>{valueText(f, record.values[f.key], { yes: t('records.yes'), no: t('records.no') })}</Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
        {fields.filter((f) => f.control === 'image').map((f) => image(f))}
      </Stack>
    );
  }
  const save = async () => {
    setBusy(true);
    const { error } = await api.PATCH('/api/v1/data-sources/{id}/records/{recordId}', {
      params: { path: { id: form.id, recordId: record.id } },
      body: { values: valuesToSend(fields, values), displayTitle: title.trim() || null, version: record.version },
    });
    setBusy(false);
    if (error) notifyFailed(error);
    else notifyDone(t('records.saved'));
    await refresh();
  };
  return (
    <Stack>
      <TextInput label={t('submit.title')} maxLength={240} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
      <RecordForm fields={fields} values={values} onChange={(key, value) => setValues((v) => ({ ...v, [key]: value }))} image={image} />
      <Group justify="flex-end">
        <Button variant="default" onClick={save} loading={busy}>
          {t('records.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function Comments({ form, record }: { form: Form; record: Detail }) {
  const { t } = useTranslation('forms');
  const refresh = useRefreshForms();
  const [body, setBody] = useState('');
  const add = $api.useMutation('post', '/api/v1/data-sources/{id}/records/{recordId}/comments');
  const submit = async () => {
    try {
      await add.mutateAsync({ params: { path: { id: form.id, recordId: record.id } }, body: { body: body.trim() } });
      setBody('');
      await refresh();
    } catch (error) {
      notifyFailed(error);
    }
  };
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('records.comments')}
      </Title>
      {!record.comments.length && (
        <Text size="sm" c="dimmed">
          {t('records.noComments')}
        </Text>
      )}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {record.comments.map((c) => (
          <li key={c.id}>
            <Text size="sm" fw={500}>
              {c.authorName} · <When at={c.createdAt} />
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {c.body}
            </Text>
          </li>
        ))}
      </Stack>
      {record.canComment && (
        <>
          <Textarea label={t('records.comment')} autosize minRows={2} maxLength={4000} value={body} onChange={(e) => setBody(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button size="xs" variant="default" disabled={!body.trim()} loading={add.isPending} onClick={submit}>
              {t('records.addComment')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** One record: its state and the moves the caller may make, its values and images, comments and history. */
export function RecordDrawer({ form, recordId, onClose }: { form: Form; recordId: string | null; onClose: () => void }) {
  const { t } = useTranslation('forms');
  const refresh = useRefreshForms();
  const detail = $api.useQuery(
    'get',
    '/api/v1/data-sources/{id}/records/{recordId}',
    { params: { path: { id: form.id, recordId: recordId ?? '' } } },
    { enabled: Boolean(recordId) },
  );
  const record = recordId ? detail.data?.data : undefined;
  const labels = stateLabels(form.workflow);
  const remove = (r: Detail) =>
    modals.openConfirmModal({
      title: t('records.deleteTitle', { name: r.displayTitle || t('records.untitled') }),
      children: <Text size="sm">{t('records.deleteBody')}</Text>,
      labels: { confirm: t('records.delete'), cancel: t('records.keep') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        const { error } = await api.DELETE('/api/v1/data-sources/{id}/records/{recordId}', { params: { path: { id: form.id, recordId: r.id } } });
        if (error) notifyFailed(error);
        else {
          notifyDone(t('records.deleted'));
          onClose();
        }
        await refresh();
      },
    });
  return (
    <Drawer
      opened={Boolean(recordId)}
      onClose={onClose}
      position="right"
      size="lg"
      title={record ? record.displayTitle || t('records.untitled') : t('records.record')}
    >
      {detail.error && <QueryError error={detail.error} />}
      {!record && !detail.error && <Loader aria-label={t('loading')} />}
      {record && (
        <Stack>
          <Group justify="space-between">
            <StateBadge label={labels.get(record.state) ?? record.state} onAir={record.eligible} />
            <Text size="sm" c="dimmed">
              {t('records.by', { name: record.submitterName })} · <When at={record.createdAt} />
            </Text>
          </Group>
          <TransitionButtons formId={form.id} record={record} moves={record.availableTransitions} />
          <Divider />
          <RecordValues form={form} record={record} />
          <Divider />
          <Comments form={form} record={record} />
          <Divider />
          <Title order={3} size="h5">
            {t('records.history')}
          </Title>
          <Timeline bulletSize={12} lineWidth={2}>
            {record.events.map((e) => (
              <Timeline.Item
                key={e.id}
                title={t(`events.${e.eventType}` as 'events.created', { defaultValue: e.eventType, to: labels.get(e.toState ?? '') ?? e.toState })}
              >
                <Text size="xs" c="dimmed">
                  {e.actorName ?? ''} · <When at={e.createdAt} />
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {record.canDelete && (
            <Group justify="flex-end">
              <Button color="red" variant="light" onClick={() => remove(record)}>
                {t('records.delete')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
