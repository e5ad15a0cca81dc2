import { Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { errorMessage } from '../api/errors';
import { askPassword } from './ask-password';
import { Section } from './Section';
import { useSecurityChanged } from './useSecurityChanged';

function FreshCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation(['security', 'common']);
  const text = `${codes.join('\n')}\n`;
  const download = useMemo(() => URL.createObjectURL(new Blob([text], { type: 'text/plain' })), [text]);
  useEffect(() => () => URL.revokeObjectURL(download), [download]);
  return (
    <Stack>
      <Text size="sm">{t('recovery.showOnce')}</Text>
      <List spacing={4} ff="monospace" aria-label={t('recovery.listLabel')}>
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group>
        <CopyButton value={text}>{({ copied, copy }) => <Button onClick={copy}>{t(copied ? 'recovery.copied' : 'recovery.copy')}</Button>}</CopyButton>
        <Button component="a" href={download} download="signage-recovery-codes.txt" variant="default">
          {t('recovery.download')}
        </Button>
      </Group>
    </Stack>
  );
}

export function RecoveryCodesSection({ remaining, enrolled }: { remaining: number; enrolled: boolean }) {
  const { t } = useTranslation(['security', 'common']);
  const changed = useSecurityChanged();

  const generate = async () => {
    let codes: string[] = [];
    const done = await askPassword(t('recovery.generateTitle'), t('recovery.generateReason'), async (password) => {
      const { data, error } = await api.POST('/api/v1/me/security/recovery-codes', { body: { password } });
      if (error || !data) return errorMessage(error, t('common:errors.network'));
      codes = data.data.codes;
      return undefined;
    });
    if (!done) return;
    await changed();
    modals.open({ title: t('recovery.freshTitle'), children: <FreshCodes codes={codes} />, closeOnClickOutside: false });
  };

  return (
    <Section title={t('recovery.title')} description={t('recovery.description')}>
      <Text size="sm">{t('recovery.remaining', { count: remaining })}</Text>
      <Group>
        <Button variant={enrolled ? 'default' : 'light'} onClick={generate}>
          {t(remaining > 0 ? 'recovery.regenerate' : 'recovery.generate')}
        </Button>
      </Group>
    </Section>
  );
}
