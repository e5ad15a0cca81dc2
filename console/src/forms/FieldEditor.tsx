import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Checkbox, Group, NumberInput, Paper, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type FormField, hasOptions, holdsValue, isNumeric, isText, optionsFromLabels } from './form-fields';

interface Props {
  uid: string;
  field: FormField;
  position: number;
  onChange: (field: FormField) => void;
  onRemove: () => void;
}

const numberOrUndefined = (v: string | number) => (typeof v === 'number' ? v : undefined);

/** One field of the builder: its drag handle (pointer or keyboard), what it asks, and the rules its answers keep. */
export function FieldEditor({ uid, field, position, onChange, onRemove }: Props) {
  const { t } = useTranslation('forms');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: uid });
  const name = field.label || t(`controls.${field.control}`);
  const set = (patch: Partial<FormField>) => {
    const next = { ...field, ...patch };
    for (const k of Object.keys(patch) as (keyof FormField)[]) if (patch[k] === undefined) delete next[k];
    onChange(next);
  };
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      role="group"
      aria-label={t('builder.fieldGroup', { position: String(position), name })}
      style={{ transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 1 : undefined }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              {...attributes}
              {...listeners}
              aria-label={t('builder.move', { name })}
              style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
            >
              <IconGripVertical size={18} aria-hidden />
            </ActionIcon>
            <Badge variant="light">{t(`controls.${field.control}`)}</Badge>
          </Group>
          <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('builder.remove', { name })}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field.control === 'help_text' ? (
            <Textarea label={t('builder.text')} autosize minRows={2} value={field.label} onChange={(e) => set({ label: e.currentTarget.value })} />
          ) : (
            <TextInput label={t('builder.label')} required value={field.label} onChange={(e) => set({ label: e.currentTarget.value })} />
          )}
          <TextInput label={t('builder.key')} description={t('builder.keyHint')} value={field.key} onChange={(e) => set({ key: e.currentTarget.value })} />
        </SimpleGrid>
        {holdsValue(field.control) && (
          <>
            <TextInput
              label={t('builder.description')}
              value={field.description ?? ''}
              onChange={(e) => set({ description: e.currentTarget.value || undefined })}
            />
            <Checkbox
              label={t('builder.required')}
              checked={field.required ?? false}
              onChange={(e) => set({ required: e.currentTarget.checked || undefined })}
            />
          </>
        )}
        {hasOptions(field.control) && (
          <TagsInput
            label={t('builder.options')}
            description={t('builder.optionsHint')}
            value={(field.options ?? []).map((o) => o.label)}
            onChange={(labels) => set({ options: optionsFromLabels(labels, field.options) })}
            maxTags={50}
          />
        )}
        {isNumeric(field.control) && (
          <SimpleGrid cols={2}>
            <NumberInput label={t('builder.minimum')} value={field.minimum ?? ''} onChange={(v) => set({ minimum: numberOrUndefined(v) })} />
            <NumberInput label={t('builder.maximum')} value={field.maximum ?? ''} onChange={(v) => set({ maximum: numberOrUndefined(v) })} />
          </SimpleGrid>
        )}
        {isText(field.control) && (
          <NumberInput
            label={t('builder.maxLength')}
            min={1}
            max={20_000}
            allowDecimal={false}
            value={field.maxLength ?? ''}
            onChange={(v) => set({ maxLength: numberOrUndefined(v) })}
          />
        )}
      </Stack>
    </Paper>
  );
}
