import { Alert, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../api/errors';

export const isUnavailable = (error: unknown) => errorCode(error) === 'presentation_networks_unavailable';

/** The server has no key for Wi-Fi credentials (501): what whoever runs it must set, said calmly. */
export function NetworksUnavailable() {
  const { t } = useTranslation('networks');
  return (
    <Alert color="gray" icon={<IconWifiOff aria-hidden />} title={t('unavailableTitle')}>
      <Text size="sm">{t('unavailable')}</Text>
    </Alert>
  );
}
