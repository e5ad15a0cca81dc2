import { Alert, Badge, Box, Code, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors';
import { outline } from './presentation-summary';
import type { Presentation } from './types';

interface Props {
  presentation: Presentation | undefined;
  /** The server refused the configuration: its sentence (the fields are marked in the form). */
  refusal: unknown;
  pending: boolean;
}

/** What a player would draw for the configuration as it stands, compiled by the server: its kind, needs and outline. */
export function WidgetPreview({ presentation, refusal, pending }: Props) {
  const { t } = useTranslation('widgets');
  const lines = presentation ? outline(presentation) : [];
  return (
    <Stack gap="xs" component="section" aria-labelledby="widget-preview" aria-busy={pending}>
      <Group justify="space-between">
        <Title order={2} size="h4" id="widget-preview">
          {t('preview.title')}
        </Title>
        {pending && <Loader size="xs" aria-label={t('preview.updating')} />}
      </Group>
      {refusal !== undefined && refusal !== null && (
        <Alert color="red" title={t('preview.refused')} role="alert">
          {errorMessage(refusal, t('errors.network', { ns: 'common' }))}
        </Alert>
      )}
      {presentation && (
        <Box aria-live="polite">
          <Group gap="xs" mb="xs">
            <Badge variant="light">{presentation.kind === 'web' ? t('preview.web') : t('preview.native')}</Badge>
            {Object.entries(presentation.requiredCapabilities).map(([name, version]) => (
              <Badge key={name} variant="outline" color="gray">
                {t('preview.capability', { name, version: String(version) })}
              </Badge>
            ))}
          </Group>
          {presentation.web && <Text size="sm">{t('preview.page', { url: presentation.web.url })}</Text>}
          {lines.length > 0 && (
            <Code block aria-label={t('preview.outline')} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {lines.map((l) => `${'  '.repeat(l.depth)}${l.text}`).join('\n')}
            </Code>
          )}
        </Box>
      )}
    </Stack>
  );
}
