import { Alert, Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors';
import { type Inspection, MAPPED } from './types';

/** The parts of a record a mapping fills, in the order the form offers them. */
export const TARGETS = ['title', 'subtitle', 'date', 'author', 'description', 'imageUrl', 'link'] as const;
export type Mapping = { [key: string]: unknown; rootList?: string };

interface Props {
  provider: string;
  /** Reads the source now (a candidate configuration, or the saved one). */
  inspect(): Promise<Inspection>;
  inspection: Inspection | undefined;
  onInspected(inspection: Inspection): void;
  mapping: Mapping;
  onChange(mapping: Mapping): void;
  disabled?: boolean;
}

/**
 * Reads a source and shows the fields it holds with examples; for a JSON document or CSV file, which
 * field fills each part of a record (starting from the server's suggestion).
 */
export function MappingEditor({ provider, inspect, inspection, onInspected, mapping, onChange, disabled }: Props) {
  const { t } = useTranslation(['dataSources', 'common']);
  const read = useMutation({
    mutationFn: inspect,
    onSuccess: (found) => {
      onInspected(found);
      // The suggestion fills what is not chosen yet; choices already made stay.
      if (MAPPED.includes(provider)) onChange({ ...found.suggested, ...definedOnly(mapping) });
    },
  });
  const mapped = MAPPED.includes(provider);
  const choices = (inspection?.fields ?? []).map((f) => ({ value: f.key, label: f.label === f.key ? f.key : `${f.label} (${f.key})` }));
  return (
    <Stack>
      <Text>{t('mapping.intro')}</Text>
      <Group>
        <Button variant="light" onClick={() => read.mutate()} loading={read.isPending} disabled={disabled}>
          {inspection ? t('mapping.reinspect') : t('mapping.inspect')}
        </Button>
        {inspection && <Text size="sm">{t('mapping.rows', { count: inspection.rowCount })}</Text>}
      </Group>
      {read.error && (
        <Alert color="red" role="alert" title={t('common:errors.failedTitle')}>
          {errorMessage(read.error, t('common:errors.network'))}
        </Alert>
      )}
      {inspection && (
        <>
          <Title order={3} size="h5">
            {t('mapping.sample')}
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('mapping.field')}</Table.Th>
                  <Table.Th>{t('mapping.type')}</Table.Th>
                  <Table.Th>{t('mapping.samples')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inspection.fields.map((f) => (
                  <Table.Tr key={f.key}>
                    <Table.Td>{f.label}</Table.Td>
                    <Table.Td>{t(`table.types.${f.type}`)}</Table.Td>
                    <Table.Td>{f.samples.join(' · ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {!mapped && <Text c="dimmed">{t('mapping.feedFixed')}</Text>}
        </>
      )}
      {mapped && inspection && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {provider === 'json' && (
            <TextInput
              label={t('mapping.rootList')}
              value={String(mapping.rootList ?? '')}
              onChange={(e) => onChange({ ...mapping, rootList: e.currentTarget.value })}
              disabled={disabled}
            />
          )}
          {TARGETS.map((target) => (
            <Select
              key={target}
              label={t(`mapping.target.${target}`)}
              data={choices}
              placeholder={t('mapping.none')}
              value={typeof mapping[target] === 'string' ? (mapping[target] as string) : null}
              onChange={(value) => onChange(value ? { ...mapping, [target]: value } : withoutKey(mapping, target))}
              clearable
              clearButtonProps={{ 'aria-label': t('mapping.clear', { target: t(`mapping.target.${target}`) }) }}
              disabled={disabled}
              comboboxProps={{ withinPortal: true }}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

const withoutKey = (mapping: Mapping, key: string) => Object.fromEntries(Object.entries(mapping).filter(([k]) => k !== key));
const definedOnly = (mapping: Mapping) => Object.fromEntries(Object.entries(mapping).filter(([, v]) => v !== undefined && v !== ''));
