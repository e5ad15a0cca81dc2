import { Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { WidgetDefinition } from './types';

/** The widget types, searchable and filtered by category; authors start a new widget from one. */
export function WidgetGallery({ definitions, canCreate }: { definitions: WidgetDefinition[]; canCreate: boolean }) {
  const { t } = useTranslation('widgets');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const categories = [...new Set(definitions.map((d) => d.category))].sort();
  const words = search.trim().toLowerCase();
  const shown = definitions.filter(
    (d) => (!category || d.category === category) && (!words || `${d.name} ${d.description} ${d.category}`.toLowerCase().includes(words)),
  );
  return (
    <Stack component="section" aria-labelledby="widget-types">
      <Title order={2} size="h3" id="widget-types">
        {t('gallery.title')}
      </Title>
      <Group align="flex-end">
        <TextInput
          label={t('gallery.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={300}
        />
        <Select
          label={t('gallery.category')}
          placeholder={t('gallery.allCategories')}
          data={categories}
          value={category}
          onChange={setCategory}
          clearable
          w={240}
        />
      </Group>
      {shown.length === 0 && <Text c="dimmed">{t('gallery.noMatch')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {shown.map((d) => (
          <Card key={d.id} withBorder padding="md" component="article" aria-labelledby={`widget-type-${d.id}`}>
            <Group justify="space-between" mb={4} wrap="nowrap">
              <Title order={3} size="h5" id={`widget-type-${d.id}`}>
                {d.name}
              </Title>
              <Badge variant="light" color="gray">
                {d.category}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" mb="sm">
              {d.description}
            </Text>
            {d.acceptedDataSourceKinds.length > 0 && (
              <Text size="xs" c="dimmed" mb="sm">
                {t('gallery.needsData')}
              </Text>
            )}
            {canCreate && (
              <Button
                variant="light"
                size="xs"
                mt="auto"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => navigate(`/widgets/new/${d.id}`)}
                aria-label={t('gallery.create', { name: d.name })}
              >
                {t('gallery.use')}
              </Button>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
