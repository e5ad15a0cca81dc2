import { Button, Group, Menu, Modal, Select, Stack } from '@mantine/core';
import { IconApps, IconChevronDown, IconPhoto, IconPlaylist, IconPlus, IconSquare, IconTypography } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import type { NewPlacement } from './placements';

type Referenced = 'widget' | 'asset' | 'playlistZone';

/** The choices of a referenced placement: the library's widgets, its ready images and videos, or the playlists. */
function useChoices(kind: Referenced | undefined) {
  const widgets = $api.useQuery(
    'get',
    '/api/v1/assets',
    { params: { query: { type: 'widget', pageSize: 100, sort: 'name' } } },
    { enabled: kind === 'widget' },
  );
  const media = $api.useQuery(
    'get',
    '/api/v1/assets',
    { params: { query: { type: 'media', status: 'ready', pageSize: 100, sort: 'name' } } },
    { enabled: kind === 'asset' },
  );
  const playlists = $api.useQuery('get', '/api/v1/playlists', { params: { query: { pageSize: 100 } } }, { enabled: kind === 'playlistZone' });
  const items = kind === 'widget' ? widgets.data?.data.items : kind === 'asset' ? media.data?.data.items : playlists.data?.data.items;
  return (items ?? []).map((i) => ({ value: i.id, label: i.name }));
}

/** Adds a placement: a widget, an image or video, a playlist zone (each chosen in a dialog), a text or a rectangle. */
export function AddPlacementMenu({ count, onAdd }: { count: number; onAdd(what: NewPlacement): void }) {
  const { t } = useTranslation('layouts');
  const [picking, setPicking] = useState<Referenced>();
  const [chosen, setChosen] = useState<string | null>(null);
  const choices = useChoices(picking);
  const close = () => {
    setPicking(undefined);
    setChosen(null);
  };
  const add = () => {
    const item = choices.find((c) => c.value === chosen);
    if (!picking || !item) return;
    onAdd({ kind: picking, id: item.value, name: item.label });
    close();
  };
  return (
    <>
      <Menu position="bottom-start">
        <Menu.Target>
          <Button leftSection={<IconPlus size={16} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />}>
            {t('add.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconApps size={16} aria-hidden />} onClick={() => setPicking('widget')}>
            {t('add.widget')}
          </Menu.Item>
          <Menu.Item leftSection={<IconPhoto size={16} aria-hidden />} onClick={() => setPicking('asset')}>
            {t('add.asset')}
          </Menu.Item>
          <Menu.Item leftSection={<IconPlaylist size={16} aria-hidden />} onClick={() => setPicking('playlistZone')}>
            {t('add.playlistZone')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconTypography size={16} aria-hidden />}
            onClick={() => onAdd({ kind: 'text', name: t('add.textName', { n: String(count + 1) }), text: t('add.textDefault') })}
          >
            {t('add.text')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconSquare size={16} aria-hidden />}
            onClick={() => onAdd({ kind: 'rectangle', name: t('add.rectangleName', { n: String(count + 1) }) })}
          >
            {t('add.rectangle')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={picking !== undefined} onClose={close} title={picking ? t(`add.pick.${picking}`) : ''}>
        <Stack>
          <Select
            label={picking ? t(`add.choose.${picking}`) : ''}
            data={choices}
            value={chosen}
            onChange={setChosen}
            searchable
            nothingFoundMessage={t('add.nothing')}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel', { ns: 'common' })}
            </Button>
            <Button onClick={add} disabled={!chosen}>
              {t('add.place')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
