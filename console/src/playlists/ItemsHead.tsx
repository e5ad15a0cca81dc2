import { Checkbox, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Choice {
  all: boolean;
  some: boolean;
  toggleAll: () => void;
}

/** The column headers of an items table; the choice and actions columns only where items can be changed. */
export function ItemsHead({ editable, choice }: { editable: boolean; choice?: Choice }) {
  const { t } = useTranslation('playlists');
  return (
    <Table.Thead>
      <Table.Tr>
        {choice && (
          <Table.Th scope="col" w={40}>
            <Checkbox aria-label={t('bulk.chooseAll')} checked={choice.all} indeterminate={choice.some && !choice.all} onChange={choice.toggleAll} />
          </Table.Th>
        )}
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
