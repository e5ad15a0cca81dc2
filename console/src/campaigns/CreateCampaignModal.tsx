import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { CreateNamedModal } from '../common/CreateNamedModal';

/** Name (and describe) a new, empty campaign, then open it. */
export function CreateCampaignModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('campaigns');
  const create = $api.useMutation('post', '/api/v1/campaigns');
  return (
    <CreateNamedModal
      opened={opened}
      onClose={onClose}
      labels={{
        title: t('create.title'),
        name: t('create.name'),
        description: t('create.description'),
        nameRequired: t('create.nameRequired'),
        submit: t('create.submit'),
      }}
      create={async (body) => {
        const created = await create.mutateAsync({ body }).catch(() => undefined);
        return created && `/campaigns/${created.data.id}`;
      }}
      pending={create.isPending}
      error={create.isError ? create.error : undefined}
      onReset={create.reset}
    />
  );
}
