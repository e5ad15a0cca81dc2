import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';

function CancelPrompt({ cancel }: { cancel(reason: string): Promise<void> }) {
  const { t } = useTranslation('takeovers');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Stack>
      <Text size="sm">{t('cancel.body')}</Text>
      <TextInput label={t('cancel.reason')} maxLength={1000} value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => modals.closeAll()}>
          {t('cancel.keep')}
        </Button>
        <Button
          color="red"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            await cancel(reason.trim());
            modals.closeAll();
          }}
        >
          {t('cancel.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Asks for an optional reason and a confirmation, then cancels the takeover; the lists refresh by its `takeover.changed` event. */
export function useCancelTakeover(): (takeover: { id: string; name: string }) => void {
  const { t } = useTranslation('takeovers');
  const client = useQueryClient();
  const cancel = $api.useMutation('post', '/api/v1/takeovers/{id}/cancel', {
    onSettled: () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith('/api/v1/takeovers') }),
  });
  return ({ id, name }) =>
    modals.open({
      title: t('cancel.title', { name }),
      children: (
        <CancelPrompt
          cancel={async (reason) => {
            try {
              await cancel.mutateAsync({ params: { path: { id } }, body: reason ? { reason } : {} });
              notifyDone(t('cancel.done', { name }));
            } catch (error) {
              notifyFailed(error);
            }
          }}
        />
      ),
    });
}
