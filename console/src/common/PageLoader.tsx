import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a page shows while its first read is on its way. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}
