import { AspectRatio, Badge, Checkbox, Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type LibraryAsset, typeKey } from './types';

/** One library asset in the picker: a card that is a checkbox, with its thumbnail, name and type. */
export function AssetChoice({ asset, checked, onToggle }: { asset: LibraryAsset; checked: boolean; onToggle: () => void }) {
  const { t } = useTranslation('playlists');
  return (
    <Checkbox.Card checked={checked} onClick={onToggle} radius="md" p="xs" aria-label={t('picker.select', { name: asset.name })}>
      <Stack gap={6}>
        <AspectRatio ratio={16 / 9}>
          {asset.thumbnailUrl ? (
            <Image src={asset.thumbnailUrl} alt="" fit="cover" radius="sm" />
          ) : (
            <ThemeIcon variant="light" color="gray" aria-hidden>
              <IconPhoto size={24} />
            </ThemeIcon>
          )}
        </AspectRatio>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <Checkbox.Indicator checked={checked} size="sm" />
          <Stack gap={2} miw={0}>
            <Text size="sm" fw={500} lineClamp={2}>
              {asset.name}
            </Text>
            <Badge size="xs" variant="light" color="gray">
              {t(`items.types.${typeKey(asset.type)}`)}
            </Badge>
          </Stack>
        </Group>
      </Stack>
    </Checkbox.Card>
  );
}
