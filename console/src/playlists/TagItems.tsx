import { Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ItemCells } from './ItemCells';
import { ItemsHead } from './ItemsHead';
import type { PlaylistItem } from './types';

/** What the tag rule adds after the manual items: computed by the server, shown, not edited. */
export function TagItems({ items }: { items: PlaylistItem[] }) {
  const { t } = useTranslation('playlists');
  return (
    <>
      <Title order={3} size="h5" mt="md" mb="xs">
        {t('items.tagItemsTitle')}
      </Title>
      {/* Scrolled sideways on a phone: the region takes focus, so keyboards can scroll it too. */}
      <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label={t('items.tagItemsTitle')}>
        <Table aria-label={t('items.tagItemsTitle')} verticalSpacing="xs">
          <ItemsHead editable={false} />
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Text size="sm">{item.position + 1}</Text>
                </Table.Td>
                <ItemCells item={item} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
