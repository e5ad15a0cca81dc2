import { Button, Center, Loader, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUrgent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StartTakeoverForm } from './StartTakeoverForm';
import { useTakeoverSettings } from './takeover-settings';

/** The shell's one red Takeover action, for the roles that may start one. */
export function TakeoverButton() {
  const { t } = useTranslation(['takeovers', 'common']);
  const [opened, { open, close }] = useDisclosure();
  const settings = useTakeoverSettings(opened);
  return (
    <>
      <Button color="red" size="sm" leftSection={<IconUrgent size={18} aria-hidden />} onClick={open}>
        {t('start')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('startTitle')} size="lg">
        {settings ? (
          <StartTakeoverForm settings={settings} onDone={close} />
        ) : (
          <Center py="md">
            <Loader aria-label={t('common:loading')} />
          </Center>
        )}
      </Modal>
    </>
  );
}
