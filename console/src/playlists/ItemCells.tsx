import { Badge, Group, Image, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { itemSeconds } from './durations';
import { type PlaylistItem, typeKey } from './types';
import { useFormatSeconds } from './useFormatSeconds';
import { percentFromVolume } from './volume';

// A point in a video as people typed it: seconds, with the milliseconds when there are some.
const at = (ms: number) => String(ms / 1000);

/** The part of a video an item plays, when it is trimmed. */
function trimText(item: PlaylistItem, t: TFunction<'playlists'>): string {
  const { videoStartOffsetMs: start, videoEndOffsetMs: end } = item;
  if (end === undefined) return t('items.trimmedFrom', { start: at(start ?? 0) });
  if (start === undefined) return t('items.trimmedTo', { end: at(end) });
  return t('items.trimmed', { start: at(start), end: at(end) });
}

/** What an item is and how it plays, as table cells after its order cell. */
export function ItemCells({ item }: { item: PlaylistItem }) {
  const { t } = useTranslation('playlists');
  const format = useFormatSeconds();
  const seconds = itemSeconds(item);
  const defaults = item.usePlayerDefaults;
  const trimmed = item.videoStartOffsetMs !== undefined || item.videoEndOffsetMs !== undefined;
  return (
    <>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          {item.thumbnailUrl ? (
            <Image src={item.thumbnailUrl} alt="" w={64} h={36} fit="cover" radius="sm" />
          ) : (
            <ThemeIcon variant="light" color="gray" size={36} aria-hidden>
              <IconPhoto size={18} />
            </ThemeIcon>
          )}
          <Stack gap={2}>
            <Text size="sm" fw={500} lineClamp={1}>
              {item.assetName}
            </Text>
            <Group gap={4}>
              <Badge size="xs" variant="light" color="gray">
                {t(`items.types.${typeKey(item.assetType)}`)}
              </Badge>
              {item.dynamic && (
                <Badge size="xs" variant="light" color="grape">
                  {t('items.fromTagRule')}
                </Badge>
              )}
              {item.assetStatus !== 'ready' && (
                <Badge size="xs" variant="light" color="red">
                  {t('items.assetStatus', { status: item.assetStatus })}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        {item.durationMs === undefined && !trimmed ? t('items.fullLength') : seconds === undefined ? '' : format(seconds)}
        {trimmed && (
          <Text size="xs" c="dimmed">
            {trimText(item, t)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{defaults ? t('items.playerDefaults') : t(`fit.${item.fitMode}`)}</Table.Td>
      <Table.Td>{defaults ? t('items.playerDefaults') : t(`transitions.${item.transition}`)}</Table.Td>
      <Table.Td>
        {defaults ? t('items.playerDefaults') : item.audioEnabled ? t('items.percent', { value: String(percentFromVolume(item.volume)) }) : t('items.mute')}
      </Table.Td>
    </>
  );
}
