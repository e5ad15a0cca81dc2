import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The column headers of an items table; the actions column only where items can be changed. */
export function ItemsHead({ editable }: { editable: boolean }) {
  const { t } = useTranslation('playlists');
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">{t('items.order')}</Table.Th>
        <Table.Th scope="col">{t('items.media')}</Table.Th>
        <Table.Th scope="col">{t('items.duration')}</Table.Th>
        <Table.Th scope="col">{t('items.fit')}</Table.Th>
        <Table.Th scope="col">{t('items.transition')}</Table.Th>
        <Table.Th scope="col">{t('items.volume')}</Table.Th>
        {editable && <Table.Th scope="col">{t('items.actions')}</Table.Th>}
      </Table.Tr>
    </Table.Thead>
  );
}
