import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Whether screens see the draft: never published, published with changes since, or published as it is. */
export function LayoutStatus({ publishedRevision, changed }: { publishedRevision?: number; changed: boolean }) {
  const { t } = useTranslation('layouts');
  if (publishedRevision === undefined)
    return (
      <Badge variant="light" color="gray">
        {t('status.unpublished')}
      </Badge>
    );
  if (changed)
    return (
      <Badge variant="light" color="yellow">
        {t('status.changed', { revision: String(publishedRevision) })}
      </Badge>
    );
  return (
    <Badge variant="light" color="green">
      {t('status.published', { revision: String(publishedRevision) })}
    </Badge>
  );
}
