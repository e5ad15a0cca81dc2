import { Anchor, Group, Table } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LibraryAsset } from './asset-types';
import { AssetThumbnail } from './AssetThumbnail';
import { StatusBadge } from './StatusBadge';
import { formatBytes } from './upload-queue';

/** Assets as a table: a row per asset, its name opens it. */
export function AssetTable({ assets, onOpen }: { assets: LibraryAsset[]; onOpen(id: string): void }) {
  const { t } = useTranslation('media');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('library.column.name')}</Table.Th>
            <Table.Th>{t('library.column.type')}</Table.Th>
            <Table.Th>{t('library.column.status')}</Table.Th>
            <Table.Th>{t('library.column.size')}</Table.Th>
            <Table.Th>{t('library.column.added')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {assets.map((asset) => (
            <Table.Tr key={asset.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <div style={{ width: 48, flex: 'none' }}>
                    <AssetThumbnail asset={asset} height={32} />
                  </div>
                  <Anchor component="button" type="button" onClick={() => onOpen(asset.id)} aria-label={t('library.open', { name: asset.name })}>
                    {asset.name}
                  </Anchor>
                </Group>
              </Table.Td>
              <Table.Td>{t(`type.${asset.type}`, { defaultValue: asset.type })}</Table.Td>
              <Table.Td>
                <StatusBadge status={asset.processingStatus} />
              </Table.Td>
              <Table.Td>{asset.originalSize ? formatBytes(asset.originalSize) : '—'}</Table.Td>
              <Table.Td>{dayjs(asset.createdAt).format('LLL')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
