import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../media/upload-queue';

/** An archive's components (`database`, `media`): how many files and bytes each holds. */
export function ArchiveContents({ components }: { components: { name: string; fileCount: number; totalBytes: number }[] }) {
  const { t } = useTranslation('system');
  return components.map((c) => (
    <Text key={c.name} size="sm">
      {t('backups.component', { name: c.name, count: c.fileCount, size: formatBytes(c.totalBytes) })}
    </Text>
  ));
}
