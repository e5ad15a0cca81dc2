import { Alert, Badge, Button, Group, PasswordInput, Select, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { bodyFieldErrors, errorCode, errorMessage } from '../api/errors';
import { notifyDone } from '../common/notify';
import { NETWORKS_PATH, type PresentationNetwork, type SecurityOption } from './types';

interface Values {
  name: string;
  ssid: string;
  hidden: boolean;
  security: PresentationNetwork['security'];
  secret: string;
  identity: string;
  anonymousIdentity: string;
  caCertificatePem: string;
  domainSuffixMatch: string;
}

/**
 * A network's form, its fields by security type. The credential is write-only: an edit shows that one
 * is set, never its value, and sends it only when a new one is typed.
 */
export function NetworkForm({ network, security, onDone }: { network?: PresentationNetwork; security: SecurityOption[]; onDone(): void }) {
  const { t } = useTranslation(['networks', 'common']);
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith(NETWORKS_PATH) });
  const create = $api.useMutation('post', '/api/v1/presentation-networks', { onSuccess: refresh });
  const edit = $api.useMutation('patch', '/api/v1/presentation-networks/{id}', { onSuccess: refresh });
  const [failure, setFailure] = useState<string>();
  const form = useForm<Values>({
    initialValues: {
      name: network?.name ?? '',
      ssid: network?.ssid ?? '',
      hidden: network?.hidden ?? false,
      security: network?.security ?? 'wpa_psk',
      secret: '',
      identity: network?.auth.identity ?? '',
      anonymousIdentity: network?.auth.anonymousIdentity ?? '',
      caCertificatePem: network?.auth.caCertificatePem ?? '',
      domainSuffixMatch: network?.auth.domainSuffixMatch ?? '',
    },
  });
  const enterprise = security.find((s) => s.value === form.values.security)?.enterprise ?? false;

  const submit = form.onSubmit(async (v) => {
    setFailure(undefined);
    const body = {
      name: v.name,
      ssid: v.ssid,
      hidden: v.hidden,
      security: v.security,
      ...(v.secret ? { secret: v.secret } : {}),
      ...(enterprise
        ? { identity: v.identity, anonymousIdentity: v.anonymousIdentity, caCertificatePem: v.caCertificatePem, domainSuffixMatch: v.domainSuffixMatch }
        : {}),
    };
    try {
      const saved = network ? await edit.mutateAsync({ params: { path: { id: network.id } }, body }) : await create.mutateAsync({ body });
      notifyDone(t('form.saved', { name: saved.data.name }));
      onDone();
    } catch (error) {
      const message = errorMessage(error, t('common:errors.network'));
      if (errorCode(error) === 'presentation_network_name_taken') return void form.setFieldError('name', message);
      const fields = Object.entries(bodyFieldErrors(error)).filter(([name]) => name in v);
      for (const [name, text] of fields) form.setFieldError(name, text);
      if (fields.length === 0) setFailure(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('form.name')} required maxLength={120} data-autofocus {...form.getInputProps('name')} />
        <TextInput label={t('form.ssid')} required maxLength={32} {...form.getInputProps('ssid')} />
        <Switch label={t('form.hidden')} {...form.getInputProps('hidden', { type: 'checkbox' })} />
        <Select
          label={t('form.security')}
          allowDeselect={false}
          data={security.map((s) => ({ value: s.value, label: s.label }))}
          {...form.getInputProps('security')}
        />
        {network?.credentialSet && (
          <Group gap="xs">
            <Badge color="green" variant="light" radius="sm">
              {t('credentialSet')}
            </Badge>
          </Group>
        )}
        <PasswordInput
          label={enterprise ? t('form.password') : t('form.psk')}
          description={network?.credentialSet ? t('form.keepSecret') : enterprise ? t('form.passwordHint') : t('form.pskHint')}
          required={!network}
          autoComplete="new-password"
          {...form.getInputProps('secret')}
        />
        {enterprise && (
          <>
            <TextInput label={t('form.identity')} required {...form.getInputProps('identity')} />
            <TextInput label={t('form.anonymousIdentity')} {...form.getInputProps('anonymousIdentity')} />
            <Textarea label={t('form.caCertificate')} autosize minRows={3} maxRows={8} {...form.getInputProps('caCertificatePem')} />
            <TextInput label={t('form.domainSuffix')} {...form.getInputProps('domainSuffixMatch')} />
          </>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || edit.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
