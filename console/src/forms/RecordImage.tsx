import { ActionIcon, FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { DataOf } from '../api/types';
import { notifyFailed } from '../common/notify';
import { attachImage } from './attach-image';
import type { FormField } from './form-fields';
import { useRefreshForms } from './useRefreshForms';

type Detail = DataOf<'/api/v1/data-sources/{id}/records/{recordId}', 'get'>;

/** One image field of a record: the image there, and (for those who may edit) a new one or none. */
export function RecordImage({ formId, record, field }: { formId: string; record: Detail; field: FormField }) {
  const { t } = useTranslation('forms');
  const refresh = useRefreshForms();
  const [busy, setBusy] = useState(false);
  const attachment = record.attachments.find((a) => a.fieldKey === field.key);
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notifyFailed(error);
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const remove = (attachmentId: string) =>
    act(async () => {
      const { error } = await api.DELETE('/api/v1/data-sources/{id}/records/{recordId}/attachments/{attachmentId}', {
        params: { path: { id: formId, recordId: record.id, attachmentId }, query: { version: record.version } },
      });
      if (error) throw error;
    });
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {field.label}
      </Text>
      {attachment ? (
        <Group align="flex-start" wrap="nowrap">
          <Image
            src={`/api/v1/data-sources/${formId}/records/${record.id}/attachments/${attachment.id}/content`}
            alt={t('records.imageAlt', { field: field.label, file: attachment.fileName })}
            maw={240}
            radius="sm"
          />
          {record.canEdit && (
            <ActionIcon
              variant="subtle"
              color="red"
              loading={busy}
              onClick={() => remove(attachment.id)}
              aria-label={t('records.removeImage', { field: field.label })}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('records.noImage')}
        </Text>
      )}
      {record.canEdit && (
        <FileInput
          aria-label={t('records.chooseImage', { field: field.label })}
          placeholder={t('records.chooseImage', { field: field.label })}
          accept="image/jpeg,image/png,image/webp,image/gif"
          disabled={busy}
          value={null}
          onChange={(file) => file && act(() => attachImage(formId, record.id, field.key, file, record.version))}
        />
      )}
    </Stack>
  );
}
