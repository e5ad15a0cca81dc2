import { Alert, Anchor, Button, Code, CopyButton, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { errorMessage } from '../api/errors';
import type { DataOf } from '../api/types';
import { notifyDone } from '../common/notify';

export type DeviceFlow = DataOf<'/api/v1/player-releases/codehost/device', 'post'>;

/**
 * The device sign-in under way: the code to enter and where, while the server is asked every
 * `pollIntervalSeconds` (longer when it says so) until the account is connected, refused or the flow ends.
 */
export function CodehostSignIn({ flow, onDone }: { flow: DeviceFlow; onDone(): void }) {
  const { t } = useTranslation(['playerUpdates', 'common']);
  const client = useQueryClient();
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      const { data, error } = await api.POST('/api/v1/player-releases/codehost/device/poll', { body: { flowId: flow.flowId } });
      if (stopped) return;
      if (!data) return setFailure(errorMessage(error, t('common:errors.network')));
      const answer = data.data;
      if (answer.status === 'denied') return setFailure(t('codehost.denied'));
      if (answer.status === 'connected') {
        notifyDone(t('codehost.connected', { login: answer.login ?? '' }));
        await client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith('/api/v1/player-releases') });
        return onDone();
      }
      timer = setTimeout(poll, (answer.retryAfterSeconds ?? flow.pollIntervalSeconds) * 1000);
    };
    timer = setTimeout(poll, flow.pollIntervalSeconds * 1000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [flow, client, onDone, t]);

  return (
    <Stack>
      <Text size="sm">{t('codehost.instructions')}</Text>
      <Group>
        <Text size="sm">{t('codehost.code')}:</Text>
        <Code fz="lg">{flow.userCode}</Code>
        <CopyButton value={flow.userCode}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy}>
              {copied ? t('codehost.copied') : t('codehost.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Anchor href={flow.verificationUri} target="_blank" rel="noreferrer">
        {t('codehost.open', { uri: flow.verificationUri })}
      </Anchor>
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : (
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('codehost.waiting')}</Text>
        </Group>
      )}
    </Stack>
  );
}
