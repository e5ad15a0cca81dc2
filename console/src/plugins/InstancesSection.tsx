import { ActionIcon, Badge, Button, Group, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dataOf } from '../api/errors';
import '../common/dates';
import { QueryError } from '../common/QueryError';
import { type Instance, instanceApi } from './instance-api';
import { editableValues, type InstanceCollection, initialValues } from './instance-forms';
import { InstanceForm } from './InstanceForm';
import { useConfirmedChange } from './plugin-actions';
import { notifyDone } from '../common/notify';

/** One installed plugin's instances: listed, and created, edited and deleted through its generated form. */
export function InstancesSection({ collection, pluginName, canChange }: { collection: InstanceCollection; pluginName: string; canChange: boolean }) {
  const { t } = useTranslation(['plugins', 'common']);
  const client = useQueryClient();
  const calls = instanceApi(collection.path);
  const queryKey = ['plugin-instances', collection.path];
  const instances = useQuery({ queryKey, queryFn: async () => dataOf(await calls.list()).items });
  const confirmed = useConfirmedChange();
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey }), client.invalidateQueries({ queryKey: ['get', '/api/v1/plugins'] })]);

  const openForm = (
    title: string,
    done: 'instances.created' | 'instances.saved',
    initial: Record<string, unknown>,
    send: (values: Record<string, unknown>) => ReturnType<typeof calls.create>,
  ) => {
    const id = modals.open({
      title,
      size: 'lg',
      children: (
        <InstanceForm
          schema={collection.schema}
          initial={initial}
          submit={async (values) => {
            const { data, error } = await send(values);
            if (error !== undefined || !data) return error ?? new Error();
            modals.close(id);
            notifyDone(t(done, { name: data.data.name }));
            await refresh();
            return undefined;
          }}
        />
      ),
    });
  };
  const create = () => openForm(t('instances.createTitle', { plugin: pluginName }), 'instances.created', initialValues(collection.schema), calls.create);
  const edit = (instance: Instance) =>
    openForm(t('instances.editTitle', { name: instance.name }), 'instances.saved', editableValues(collection.schema, instance), (values) =>
      calls.replace(instance.id, values),
    );
  const remove = (instance: Instance) =>
    confirmed({
      title: t('instances.confirmDeleteTitle', { name: instance.name }),
      body: t('instances.confirmDelete'),
      confirm: t('common:delete'),
      danger: true,
      run: () => calls.remove(instance.id),
      done: t('instances.deleted', { name: instance.name }),
      after: refresh,
    });

  const items = instances.data;
  return (
    <section aria-label={t('instances.title', { name: pluginName })}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {t('instances.title', { name: pluginName })}
        </Title>
        {canChange && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus aria-hidden size={16} />}
            onClick={create}
            aria-label={t('instances.addLabel', { name: pluginName })}
          >
            {t('instances.add')}
          </Button>
        )}
      </Group>
      {instances.error && <QueryError error={instances.error} />}
      {items && items.length === 0 && <Text size="sm">{t('instances.empty')}</Text>}
      {items && items.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={t('instances.tableLabel', { name: pluginName })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('instances.columns.name')}</Table.Th>
                <Table.Th>{t('instances.columns.state')}</Table.Th>
                <Table.Th>{t('instances.columns.updated')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('instances.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((instance) => (
                <Table.Tr key={instance.id}>
                  <Table.Td>{instance.name}</Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={instance.enabled ? 'green' : 'gray'}>
                      {t(instance.enabled ? 'instances.enabled' : 'instances.disabled')}
                    </Badge>
                  </Table.Td>
                  <Table.Td title={dayjs(instance.updatedAt).format('LLL')}>{dayjs(instance.updatedAt).fromNow()}</Table.Td>
                  <Table.Td>
                    {canChange && (
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label={t('instances.edit', { name: instance.name })}>
                          <ActionIcon variant="subtle" aria-label={t('instances.edit', { name: instance.name })} onClick={() => edit(instance)}>
                            <IconPencil aria-hidden size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('instances.delete', { name: instance.name })}>
                          <ActionIcon variant="subtle" color="red" aria-label={t('instances.delete', { name: instance.name })} onClick={() => remove(instance)}>
                            <IconTrash aria-hidden size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
