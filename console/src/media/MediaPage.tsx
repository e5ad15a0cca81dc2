import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../common/useAddressParams';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { AssetDrawer } from './AssetDrawer';
import { AssetGrid } from './AssetGrid';
import { AssetTable } from './AssetTable';
import { filtersFrom, type LibraryFilters, paramsOf } from './library-query';
import { LibraryToolbar } from './LibraryToolbar';
import { NewWebsiteButton } from './NewWebsiteButton';
import { UploadPanel } from './UploadPanel';
import { useAssetPages } from './useAssetPages';
import { useOrganizers } from './useOrganizers';

/** The media library: uploads, then the assets, filtered by what the address says. */
export function MediaPage() {
  const { t } = useTranslation('media');
  const { role } = useAuthStatus();
  const [params, setParams] = useAddressParams();
  const filters = filtersFrom(params);
  const openId = params.get('asset') ?? undefined;
  const pages = useAssetPages(filters);
  const organizers = useOrganizers();
  const canUpload = atLeast(role, 'contributor');

  const setFilters = useCallback(
    (next: LibraryFilters) =>
      setParams(
        (now) => {
          const nextParams = paramsOf(next);
          const asset = now.get('asset');
          if (asset) nextParams.set('asset', asset);
          return nextParams;
        },
        { replace: true },
      ),
    [setParams],
  );
  const open = (id: string | undefined) =>
    setParams((now) => {
      const nextParams = paramsOf(filtersFrom(now));
      if (id) nextParams.set('asset', id);
      return nextParams;
    });

  return (
    <Stack gap="md">
      <PageHeader title={t('title')}>{canUpload && <NewWebsiteButton />}</PageHeader>
      {canUpload ? (
        <UploadPanel />
      ) : (
        <Text c="dimmed" size="sm">
          {t('upload.notAllowed')}
        </Text>
      )}
      <LibraryToolbar filters={filters} onChange={setFilters} organizers={organizers} canOrganize={canUpload} canManage={atLeast(role, 'editor')} />
      {pages.error ? (
        <QueryError error={pages.error} />
      ) : pages.isPending ? (
        <Loader aria-label={t('loading')} />
      ) : pages.assets.length === 0 ? (
        <Text>{filters.search || filters.type || filters.tagId || filters.folderId || filters.collectionId ? t('library.noMatch') : t('library.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('library.count', { shown: String(pages.assets.length), total: String(pages.total ?? pages.assets.length) })}
          </Text>
          {filters.view === 'grid' ? <AssetGrid assets={pages.assets} onOpen={open} /> : <AssetTable assets={pages.assets} onOpen={open} />}
          {pages.hasNextPage && (
            <Group justify="center">
              <Button variant="default" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
                {t('library.more')}
              </Button>
            </Group>
          )}
        </>
      )}
      <AssetDrawer assetId={openId} onClose={() => open(undefined)} organizers={organizers} role={role} />
    </Stack>
  );
}
