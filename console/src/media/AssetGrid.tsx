import { Badge, Card, Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LibraryAsset } from './asset-types';
import { AssetThumbnail } from './AssetThumbnail';
import { StatusBadge } from './StatusBadge';

/** Assets as cards: thumbnail, name, type and status; a card opens the asset. */
export function AssetGrid({ assets, onOpen }: { assets: LibraryAsset[]; onOpen(id: string): void }) {
  const { t } = useTranslation('media');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm" component="ul" p={0} m={0} aria-label={t('library.assets')}>
      {assets.map((asset) => (
        <Card key={asset.id} withBorder padding="xs" component="li">
          <UnstyledButton onClick={() => onOpen(asset.id)} aria-label={t('library.open', { name: asset.name })}>
            <Card.Section>
              <AssetThumbnail asset={asset} height={120} />
            </Card.Section>
            <Text fw={500} size="sm" mt="xs" truncate="end">
              {asset.name}
            </Text>
          </UnstyledButton>
          <Group gap={4} mt={4}>
            <Badge variant="light" color="gray" size="sm">
              {t(`type.${asset.type}`, { defaultValue: asset.type })}
            </Badge>
            <StatusBadge status={asset.processingStatus} />
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
