import { Button, Center, Loader, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUrgent } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useTakeoverSettings } from './takeover-settings';

// The form (and its lists) loads when the dialog first opens: the shell's own code stays small.
const StartTakeoverForm = lazy(() => import('./StartTakeoverForm').then((m) => ({ default: m.StartTakeoverForm })));

/** The shell's one red Takeover action, for the roles that may start one. */
export function TakeoverButton() {
  const { t } = useTranslation(['takeovers', 'common']);
  const [opened, { open, close }] = useDisclosure();
  const settings = useTakeoverSettings(opened);
  const loading = (
    <Center py="md">
      <Loader aria-label={t('common:loading')} />
    </Center>
  );
  return (
    <>
      <Button color="red" size="sm" leftSection={<IconUrgent size={18} aria-hidden />} onClick={open}>
        {t('start')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('startTitle')} size="lg">
        <Suspense fallback={loading}>{settings ? <StartTakeoverForm settings={settings} onDone={close} /> : loading}</Suspense>
      </Modal>
    </>
  );
}
