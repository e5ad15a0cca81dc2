import '@mantine/dates/styles.css';
import { Button, Checkbox, Group, Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DateTimePicker, TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pickerInstant } from '../schedules/schedule-form';
import { knownZones } from '../schedules/zone-time';
import { blockOf, blockValuesOf, emptyBlockValues, type BlockValues } from './block-form';
import type { CampaignBlock } from './campaign-rules';
import { useContentChoices } from './useContentChoices';

interface Props {
  /** The block edited, `null` for a new one, `undefined` while closed. */
  block: CampaignBlock | null | undefined;
  defaultZone: string;
  onKeep(block: CampaignBlock): void;
  onClose(): void;
}

const DAYS = ['1', '2', '3', '4', '5', '6', '0'];

/** One block of the draft: its content (a playlist or a layout), priority, whether it is on, and its times, as a schedule sets them. */
export function BlockDialog({ block, defaultZone, onKeep, onClose }: Props) {
  const { t } = useTranslation(['campaigns', 'schedules', 'common']);
  const zones = useMemo(knownZones, []);
  const content = useContentChoices();
  const form = useForm<BlockValues>({
    initialValues: emptyBlockValues(defaultZone),
    validate: {
      name: (v) => (v.trim() ? null : t('schedules:dialog.nameRequired')),
      content: (v) => (v ? null : t('block.contentRequired')),
      daysOfWeek: (v, all) => (all.type === 'one_time' || v.length ? null : t('schedules:dialog.daysRequired')),
      oneTimeStart: (v, all) => (all.type === 'weekly' || v ? null : t('schedules:dialog.startRequired')),
      oneTimeEnd: (v, all) =>
        all.type === 'weekly' || pickerInstant(v, all.timezone) > pickerInstant(all.oneTimeStart, all.timezone) ? null : t('schedules:dialog.endAfterStart'),
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts over each time the dialog opens
  useEffect(() => {
    if (block === undefined) return;
    form.setValues(block ? blockValuesOf(block) : emptyBlockValues(defaultZone));
    form.resetDirty();
  }, [block]);

  const submit = form.onSubmit((values) => {
    onKeep(blockOf(values, block?.id ?? crypto.randomUUID(), block ?? undefined));
    onClose();
  });
  const v = form.values;

  return (
    <Modal opened={block !== undefined} onClose={onClose} title={block ? t('block.editTitle', { name: block.name }) : t('block.createTitle')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('block.name')} required maxLength={180} data-autofocus {...form.getInputProps('name')} />
          <Select label={t('block.content')} required searchable data={content} {...form.getInputProps('content')} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="block-type-label">
              {t('schedules:dialog.type')}
            </Text>
            <SegmentedControl
              aria-labelledby="block-type-label"
              data={[
                { value: 'weekly', label: t('schedules:dialog.weekly') },
                { value: 'one_time', label: t('schedules:dialog.oneTime') },
              ]}
              {...form.getInputProps('type')}
            />
          </Stack>
          {v.type === 'weekly' ? (
            <>
              <Checkbox.Group label={t('schedules:dialog.days')} withAsterisk {...form.getInputProps('daysOfWeek')}>
                <Group gap="sm" mt="xs">
                  {DAYS.map((d) => (
                    <Checkbox key={d} value={d} label={t(`schedules:days.${d}` as 'schedules:days.0')} />
                  ))}
                </Group>
              </Checkbox.Group>
              <SimpleGrid cols={2}>
                <TimeInput label={t('schedules:dialog.from')} required {...form.getInputProps('dailyStart')} />
                <TimeInput label={t('schedules:dialog.until')} description={t('schedules:dialog.untilHint')} required {...form.getInputProps('dailyEnd')} />
              </SimpleGrid>
            </>
          ) : (
            <SimpleGrid cols={2}>
              <DateTimePicker label={t('schedules:dialog.start')} required valueFormat="YYYY-MM-DD HH:mm" {...form.getInputProps('oneTimeStart')} />
              <DateTimePicker label={t('schedules:dialog.end')} required valueFormat="YYYY-MM-DD HH:mm" {...form.getInputProps('oneTimeEnd')} />
            </SimpleGrid>
          )}
          <Select label={t('schedules:dialog.timezone')} searchable allowDeselect={false} data={zones} {...form.getInputProps('timezone')} />
          <SimpleGrid cols={2}>
            <NumberInput
              label={t('schedules:dialog.priority')}
              description={t('schedules:dialog.priorityHint')}
              min={0}
              max={999}
              allowDecimal={false}
              {...form.getInputProps('priority')}
            />
            <Switch mt="lg" label={t('schedules:dialog.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('block.hint')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit">{t('block.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
