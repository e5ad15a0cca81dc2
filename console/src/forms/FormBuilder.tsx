import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Alert, Badge, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';
import { CONTROLS, type Control, type FormField, fieldKeyFor, hasUnpublishedChanges, newField } from './form-fields';
import type { Form } from './form-types';
import { FieldEditor } from './FieldEditor';
import { useRefreshForms } from './useRefreshForms';

interface Item {
  uid: string;
  field: FormField;
  /** A new field's key follows its label until someone types a key of their own. */
  autoKey: boolean;
}
let uids = 0;
const itemsOf = (fields: FormField[]): Item[] => fields.map((field) => ({ uid: `f${++uids}`, field, autoKey: false }));

/**
 * The form's draft: fields added from the palette, edited and put in order (dragged, or moved with
 * the keyboard), saved as the draft and published as the next revision.
 */
export function FormBuilder({ form }: { form: Form }) {
  const { t } = useTranslation('forms');
  const refresh = useRefreshForms();
  const [items, setItems] = useState(() => itemsOf(form.draftSchema.fields));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const draftJson = JSON.stringify(form.draftSchema.fields);
  // Someone else's saved draft replaces ours only while we have changed nothing.
  useEffect(() => {
    if (!dirty) setItems(itemsOf(JSON.parse(draftJson) as FormField[]));
  }, [draftJson, dirty]);

  const change = (next: Item[]) => {
    setItems(next);
    setDirty(true);
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((i) => i.uid);
  const nameOf = (id: UniqueIdentifier) => {
    const field = items.find((i) => i.uid === id)?.field;
    return field ? field.label || t(`controls.${field.control}`) : '';
  };
  const positionOf = (id: UniqueIdentifier) => String(ids.indexOf(String(id)) + 1);
  const total = String(ids.length);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t('dnd.start', { name: nameOf(active.id), position: positionOf(active.id), total });
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return t('dnd.over', { name: nameOf(active.id), position: positionOf(over.id), total });
    },
    onDragEnd: ({ active, over }) => (over ? t('dnd.end', { name: nameOf(active.id), position: positionOf(over.id), total }) : undefined),
    onDragCancel: ({ active }) => t('dnd.cancel', { name: nameOf(active.id), position: positionOf(active.id) }),
  };
  const addField = (control: Control) => {
    const label = control === 'help_text' ? '' : t(`controls.${control}`);
    change([
      ...items,
      {
        uid: `f${++uids}`,
        field: newField(
          control,
          label,
          items.map((i) => i.field.key),
        ),
        autoKey: true,
      },
    ]);
  };
  const edited = (item: Item, field: FormField): Item => {
    if (field.key !== item.field.key) return { ...item, field, autoKey: false };
    if (!item.autoKey || field.label === item.field.label) return { ...item, field };
    const others = items.filter((i) => i.uid !== item.uid).map((i) => i.field.key);
    return { ...item, field: { ...field, key: fieldKeyFor(field.label, others) } };
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    change(arrayMove(items, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  const saveDraft = async () => {
    const { error } = await api.PATCH('/api/v1/data-sources/{id}/form/draft', {
      params: { path: { id: form.id } },
      body: { schema: { ...form.draftSchema, fields: items.map((i) => i.field) } },
    });
    if (error) throw error;
    setDirty(false);
  };
  const run = async (what: 'save' | 'publish') => {
    setBusy(true);
    try {
      if (dirty || what === 'save') await saveDraft();
      if (what === 'publish') {
        const { data, error } = await api.POST('/api/v1/data-sources/{id}/form/publish', { params: { path: { id: form.id } } });
        if (error) throw error;
        notifyDone(t('builder.published', { n: String(data.data.revisionNumber) }));
      } else notifyDone(t('builder.saved'));
    } catch (error) {
      notifyFailed(error);
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const unpublished = dirty || hasUnpublishedChanges(form);
  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="xs">
          {form.publishedRevision ? (
            <Badge variant="light">{t('builder.revision', { n: String(form.publishedRevision.revisionNumber) })}</Badge>
          ) : (
            <Badge color="gray">{t('list.unpublished')}</Badge>
          )}
          {unpublished && <Badge color="dark">{dirty ? t('builder.unsaved') : t('builder.draftAhead')}</Badge>}
        </Group>
        <Group gap="xs">
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />}>
                {t('builder.add')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {CONTROLS.map((control) => (
                <Menu.Item key={control} onClick={() => addField(control)}>
                  {t(`controls.${control}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Button variant="default" onClick={() => run('save')} loading={busy} disabled={!dirty}>
            {t('builder.save')}
          </Button>
          <Button onClick={() => run('publish')} loading={busy} disabled={!unpublished}>
            {t('builder.publish')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('builder.intro')}
      </Text>
      {!items.length && <Alert color="gray">{t('builder.empty')}</Alert>}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Stack gap="sm">
            {items.map((item, index) => (
              <FieldEditor
                key={item.uid}
                uid={item.uid}
                field={item.field}
                position={index + 1}
                onChange={(field) => change(items.map((i) => (i.uid === item.uid ? edited(i, field) : i)))}
                onRemove={() => change(items.filter((i) => i.uid !== item.uid))}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
    </Stack>
  );
}
