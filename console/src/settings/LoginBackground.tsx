import { Button, Group, Image, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api, api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';

/** The image behind the sign-in panel: one of the library's ready images, or none. */
export function LoginBackground() {
  const { t } = useTranslation(['settings', 'common']);
  const current = $api.useQuery('get', '/api/v1/settings/login-background');
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const images = $api.useQuery('get', '/api/v1/assets', {
    params: { query: { type: 'image', status: 'ready', pageSize: 50, ...(query && { search: query }) } },
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const assetId = current.data?.data.assetId;

  const change = async (call: () => Promise<{ error?: unknown }>, done: string) => {
    setBusy(true);
    const { error } = await call();
    setBusy(false);
    if (error) notifyFailed(error);
    else notifyDone(done);
    setChosen(null);
    await current.refetch();
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="login-background">
      <Stack gap="sm">
        <Title order={2} size="h4" id="login-background">
          {t('background.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('background.description')}
        </Text>
        {assetId ? (
          // The address carries the asset, so a new image is fetched rather than the cached one.
          <Image src={`${current.data?.data.imageUrl}?v=${assetId}`} alt={t('background.preview')} maw={320} radius="sm" />
        ) : (
          <Text size="sm">{t('background.none')}</Text>
        )}
        <Group align="flex-end">
          <Select
            label={t('background.image')}
            placeholder={t('background.imagePlaceholder')}
            data={(images.data?.data.items ?? []).map((a) => ({ value: a.id, label: a.name }))}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            value={chosen}
            onChange={setChosen}
            filter={({ options }) => options}
            miw={240}
          />
          <Button
            disabled={!chosen}
            loading={busy}
            onClick={() => chosen && change(() => api.PUT('/api/v1/settings/login-background', { body: { assetId: chosen } }), t('background.updated'))}
          >
            {t('background.set')}
          </Button>
          {assetId && (
            <Button
              variant="default"
              color="red"
              loading={busy}
              onClick={() => change(() => api.DELETE('/api/v1/settings/login-background'), t('background.removed'))}
            >
              {t('background.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
