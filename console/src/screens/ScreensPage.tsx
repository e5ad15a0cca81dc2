import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { PageHeader } from '../common/PageHeader';
import { PairScreenDialog } from './PairScreenDialog';
import { PendingPairings } from './PendingPairings';
import { ScreenFiltersBar } from './ScreenFiltersBar';
import { ScreenList } from './ScreenList';
import type { PairingRequest } from './types';
import { useScreenFilters } from './useScreenFilters';

export function ScreensPage() {
  const { t } = useTranslation('screens');
  const { role } = useAuthStatus();
  const admin = atLeast(role, 'administrator');
  const [filters, setFilters] = useScreenFilters();
  const [pairing, setPairing] = useState<{ request?: PairingRequest } | null>(null);

  return (
    <>
      <PageHeader title={t('title')}>
        {admin && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setPairing({})}>
            {t('pair.add')}
          </Button>
        )}
      </PageHeader>
      {admin && <PendingPairings onApprove={(request) => setPairing({ request })} />}
      <ScreenFiltersBar filters={filters} onChange={setFilters} />
      <ScreenList filters={filters} />
      {admin && <PairScreenDialog opened={pairing !== null} request={pairing?.request} onClose={() => setPairing(null)} />}
    </>
  );
}
