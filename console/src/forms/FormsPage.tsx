import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { $api } from '../api/client';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { notifyDone, notifyFailed } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { useRefreshForms } from './useRefreshForms';

function CreateFormModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('forms');
  const navigate = useNavigate();
  const refresh = useRefreshForms();
  const create = $api.useMutation('post', '/api/v1/forms');
  const form = useForm({
    initialValues: { name: '', description: '' },
    validate: { name: (v) => (v.trim() ? null : t('create.nameRequired')) },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const created = await create.mutateAsync({ body: { name: values.name.trim(), description: values.description.trim(), draftSchema: { fields: [] } } });
      notifyDone(t('create.done', { name: created.data.name }));
      await refresh();
      onClose();
      form.reset();
      navigate(`/forms/${created.data.id}?tab=builder`);
    } catch (error) {
      notifyFailed(error);
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('create.title')}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput label={t('create.name')} required data-autofocus {...form.getInputProps('name')} />
          <Textarea label={t('create.description')} autosize minRows={2} {...form.getInputProps('description')} />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Every form the signed-in person reaches, with their own submissions counted; editors and above start new ones. */
export function FormsPage() {
  const { t } = useTranslation('forms');
  const { role } = useAuthStatus();
  const [opened, { open, close }] = useDisclosure();
  const list = $api.useQuery('get', '/api/v1/forms');
  const items = list.data?.data.items ?? [];
  return (
    <>
      <PageHeader title={t('title')}>
        {atLeast(role, 'editor') && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
            {t('create.open')}
          </Button>
        )}
      </PageHeader>
      <Stack>
        <Text>{t('intro')}</Text>
        {list.error && <QueryError error={list.error} />}
        {list.isSuccess && !items.length && <Text c="dimmed">{t('list.none')}</Text>}
        {items.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.name')}</Table.Th>
                  <Table.Th>{t('list.published')}</Table.Th>
                  <Table.Th>{t('list.mine')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((f) => (
                  <Table.Tr key={f.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/forms/${f.id}`}>
                        {f.name}
                      </Anchor>
                      {f.description && (
                        <Text size="sm" c="dimmed">
                          {f.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {f.publishedRevisionNumber ? (
                        t('list.revision', { n: String(f.publishedRevisionNumber) })
                      ) : (
                        <Badge color="gray">{t('list.unpublished')}</Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {t('list.counts', {
                        total: String(f.submissionCounts.total),
                        draft: String(f.submissionCounts.draft),
                        submitted: String(f.submissionCounts.submitted),
                        changesRequested: String(f.submissionCounts.changesRequested),
                      })}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <CreateFormModal opened={opened} onClose={close} />
    </>
  );
}
