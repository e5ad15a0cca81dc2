import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A new token's secret, in the one dialog that ever shows it. */
export function SecretShownOnce({ name, secret }: { name: string; secret: string }) {
  const { t } = useTranslation('tokens');
  return (
    <Stack>
      <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
        {t('secret.warning')}
      </Alert>
      <Code block aria-label={t('secret.label', { name })} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {secret}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {t(copied ? 'secret.copied' : 'secret.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={() => modals.closeAll()}>{t('secret.done')}</Button>
      </Group>
    </Stack>
  );
}
