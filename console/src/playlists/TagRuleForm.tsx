import { Alert, Button, Group, Input, MultiSelect, NumberInput, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { QueryError } from '../common/QueryError';
import { DEFAULT_IMAGE_SECONDS, MAX_SECONDS, MIN_SECONDS, msFromSeconds } from './durations';
import type { Playlist, TagRuleInput } from './types';
import { notifyDone } from '../common/notify';
import { useShowPlaylist } from './usePlaylist';

const MAX_TAGS = 20;

interface Values {
  enabled: boolean;
  match: TagRuleInput['match'];
  tagIds: string[];
  imageSeconds: number | string;
}

/** Fills the playlist with ready media carrying chosen tags (PUT tag-rule); says how many match now. */
export function TagRuleForm({ playlist, editable }: { playlist: Playlist; editable: boolean }) {
  const { t } = useTranslation('playlists');
  const show = useShowPlaylist();
  const tags = $api.useQuery('get', '/api/v1/content-tags');
  const save = $api.useMutation('put', '/api/v1/playlists/{id}/tag-rule');
  const rule = playlist.tagRule;
  const form = useForm<Values>({
    initialValues: {
      enabled: rule?.enabled ?? false,
      match: rule?.match ?? 'any',
      tagIds: rule?.tagIds ?? [],
      imageSeconds: (rule?.imageDurationMs ?? DEFAULT_IMAGE_SECONDS * 1000) / 1000,
    },
    validate: { imageSeconds: (v) => (msFromSeconds(v) === null ? t('itemSettings.durationRequired') : null) },
  });
  const submit = form.onSubmit(async (v) => {
    const body = { enabled: v.enabled, match: v.match, tagIds: v.tagIds, imageDurationMs: msFromSeconds(v.imageSeconds) ?? DEFAULT_IMAGE_SECONDS * 1000 };
    const saved = await save.mutateAsync({ params: { path: { id: playlist.id } }, body }).catch(() => undefined);
    if (!saved) return;
    await show(saved.data);
    notifyDone(t('tagRule.saved'));
  });

  // Tags the rule names that no longer exist are not offered; the server lists those that still do.
  const options = (tags.data?.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }));
  const matching = playlist.items.filter((i) => i.dynamic).length;

  return (
    <form onSubmit={submit} noValidate>
      <Title order={2} size="h4" id="playlist-tag-rule" mb="xs">
        {t('tagRule.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('tagRule.intro')}
      </Text>

      <Stack>
        {tags.isError && <QueryError error={tags.error} />}
        {save.isError && <QueryError error={save.error} />}
        <Switch label={t('tagRule.enabled')} disabled={!editable} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <Input.Wrapper label={t('tagRule.match')} id="tag-rule-match">
          <div>
            <SegmentedControl
              aria-labelledby="tag-rule-match-label"
              data={[
                { value: 'any', label: t('tagRule.matchAny') },
                { value: 'all', label: t('tagRule.matchAll') },
              ]}
              readOnly={!editable}
              {...form.getInputProps('match')}
            />
          </div>
        </Input.Wrapper>
        <MultiSelect
          label={t('tagRule.tags')}
          placeholder={form.values.tagIds.length ? undefined : t('tagRule.tagsPlaceholder')}
          data={options}
          maxValues={MAX_TAGS}
          searchable
          readOnly={!editable}
          nothingFoundMessage={t('tagRule.noTags')}
          {...form.getInputProps('tagIds')}
        />
        <NumberInput
          label={t('tagRule.imageDuration')}
          readOnly={!editable}
          min={MIN_SECONDS}
          max={MAX_SECONDS}
          maw={240}
          {...form.getInputProps('imageSeconds')}
        />
        {rule?.enabled && (
          <Alert color="grape" variant="light" aria-live="polite">
            {t('tagRule.matches', { count: matching })}
          </Alert>
        )}
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('tagRule.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
