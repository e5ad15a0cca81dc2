import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { dataOf, errorMessage } from '../api/errors';

type Options = { value: string; label: string }[];

interface NameFormProps {
  label: string;
  submit: string;
  initial?: string;
  /** Folders to put a new folder in; absent: no choice of place. */
  parents?: Options;
  save(name: string, parentId: string | null): Promise<unknown>;
  /** The notification after saving `name`. */
  done(name: string): string;
  onDone(): void;
}

/** A name (and for a new folder, where it goes), saved with `save`; the server's refusal shown. */
function NameForm({ label, submit, initial = '', parents, save, done, onDone }: NameFormProps) {
  const { t } = useTranslation('media');
  const client = useQueryClient();
  const [name, setName] = useState(initial);
  const [parentId, setParentId] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const onSubmit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await save(name.trim(), parentId);
      await Promise.all(['/api/v1/content-folders', '/api/v1/content-collections'].map((path) => client.invalidateQueries({ queryKey: ['get', path] })));
      notifications.show({ color: 'green', message: done(name.trim()) });
      onDone();
    } catch (e) {
      setError(errorMessage(e, t('errorFallback')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) void onSubmit();
      }}
    >
      <Stack>
        <TextInput label={label} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={120} data-autofocus />
        {parents && (
          <Select label={t('folder.parent')} data={parents} value={parentId} onChange={setParentId} clearable placeholder={t('folder.top')} searchable />
        )}
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function openNameForm(title: string, props: Omit<NameFormProps, 'onDone'>): void {
  const id = modals.open({ title, children: <NameForm {...props} onDone={() => modals.close(id)} /> });
}

/** A dialog that adds a folder, at the top or inside another. */
export function openNewFolder(t: TFunction<'media'>, parents: Options): void {
  openNameForm(t('folder.new'), {
    label: t('folder.name'),
    submit: t('folder.create'),
    parents,
    done: (name) => t('folder.created', { name }),
    save: async (name, parentId) => dataOf(await api.POST('/api/v1/content-folders', { body: { name, parentId } })),
  });
}

/** A dialog that renames a folder. */
export function openRenameFolder(t: TFunction<'media'>, folder: { id: string; name: string }): void {
  openNameForm(t('folder.rename'), {
    label: t('folder.name'),
    submit: t('folder.saveName'),
    initial: folder.name,
    done: (name) => t('folder.renamed', { name }),
    save: async (name) => dataOf(await api.PATCH('/api/v1/content-folders/{id}', { params: { path: { id: folder.id } }, body: { name } })),
  });
}

/** A dialog that adds a collection. */
export function openNewCollection(t: TFunction<'media'>): void {
  openNameForm(t('collection.new'), {
    label: t('collection.name'),
    submit: t('collection.create'),
    done: (name) => t('collection.created', { name }),
    save: async (name) => dataOf(await api.POST('/api/v1/content-collections', { body: { name } })),
  });
}

/** Asks before deleting a folder: its assets stay, unfiled; its subfolders move to the top. */
export function openDeleteFolder(t: TFunction<'media'>, folder: { id: string; name: string }, onDeleted: () => Promise<void>): void {
  modals.openConfirmModal({
    title: t('folder.deleteTitle', { name: folder.name }),
    children: <Text size="sm">{t('folder.deleteQuestion')}</Text>,
    labels: { confirm: t('folder.delete'), cancel: t('cancel') },
    confirmProps: { color: 'red' },
    onConfirm: async () => {
      const { error } = await api.DELETE('/api/v1/content-folders/{id}', { params: { path: { id: folder.id } } });
      notifications.show(
        error ? { color: 'red', message: errorMessage(error, t('errorFallback')) } : { color: 'green', message: t('folder.deleted', { name: folder.name }) },
      );
      await onDeleted();
    },
  });
}
