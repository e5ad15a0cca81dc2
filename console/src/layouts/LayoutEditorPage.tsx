import { Alert, Anchor, Button, Grid, Group, List, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { $api } from '../api/client';
import { useAuthStatus } from '../auth/useAuthStatus';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { contentRights } from '../widgets/rights';
import { AddPlacementMenu } from './AddPlacementMenu';
import { LayersPanel } from './LayersPanel';
import { LayoutCanvas } from './LayoutCanvas';
import { LayoutStatus } from './LayoutStatus';
import { newPlacement, withPlacement } from './placements';
import { PropertiesPanel } from './PropertiesPanel';
import type { Layout } from './types';
import { useLayoutDraft } from './useLayoutDraft';
import { BackLink } from '../common/BackLink';
import { PageLoader } from '../common/PageLoader';
import { CurrentSubmission } from '../editorial/CurrentSubmission';
import { HistoryPanel } from '../editorial/HistoryPanel';
import { PublishControls } from '../editorial/PublishControls';

/** One layout: its canvas, layers and the selected placement's properties; save, publish or submit for review, and its history. */
export function LayoutEditorPage() {
  const { t } = useTranslation('layouts');
  const id = useParams().id ?? '';
  const query = $api.useQuery('get', '/api/v1/layouts/{id}', { params: { path: { id } } }, { refetchOnWindowFocus: false });
  // A reload after a conflict starts the editor again from the server's copy.
  const [generation, setGeneration] = useState(0);
  const back = <BackLink to="/layouts">{t('editor.back')}</BackLink>;
  const layout = query.data?.data;
  return (
    <Stack>
      {back}
      {layout ? (
        <LayoutEditor
          key={`${layout.id}:${generation}`}
          layout={layout}
          reload={async () => {
            await query.refetch();
            setGeneration((g) => g + 1);
          }}
        />
      ) : query.isError ? (
        <>
          <PageHeader title={t('title')} />
          <QueryError error={query.error} />
        </>
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}

function LayoutEditor({ layout, reload }: { layout: Layout; reload: () => Promise<void> }) {
  const { t } = useTranslation(['layouts', 'editorial']);
  const rights = contentRights(useAuthStatus().role);
  const draft = useLayoutDraft(layout);
  const { document } = draft;
  const [selectedId, setSelectedId] = useState<string>();
  const [snap, setSnap] = useState(true);
  const selected = document.placements.find((p) => p.id === selectedId);
  const invalid = new Set(draft.problems.flatMap((p) => (p.placementId ? [p.placementId] : [])));
  const editable = rights.edit && !draft.conflict;
  const change = (id: string, c: Parameters<typeof withPlacement>[2]) => draft.setDocument((d) => withPlacement(d, id, c));
  const nameOf = (id: string | undefined) => document.placements.find((p) => p.id === id)?.name;

  return (
    <>
      <PageHeader title={layout.name}>
        <LayoutStatus publishedRevision={layout.publishedRevision} changed={layout.hasUnpublishedChanges || draft.dirty} />
        {draft.dirty && <Text>{t('editor.unsaved')}</Text>}
        {editable && (
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={draft.save}
            loading={draft.busy === 'save'}
            disabled={!draft.dirty}
          >
            {t('editor.save')}
          </Button>
        )}
        {editable && (
          <PublishControls
            type="layout"
            contentId={layout.id}
            canPublish={rights.manage}
            canSubmit={rights.edit}
            disabled={draft.busy === 'save'}
            prepare={draft.save}
            publish={draft.publish}
            onConflict={reload}
          />
        )}
      </PageHeader>
      <CurrentSubmission contentId={layout.id} />
      {draft.conflict && (
        <Alert color="yellow" title={t('editor.conflictTitle')} role="alert">
          <Stack gap="xs" align="flex-start">
            {t('editor.conflict')}
            <Button size="xs" onClick={reload}>
              {t('editor.reload')}
            </Button>
          </Stack>
        </Alert>
      )}
      {draft.problems.length > 0 && (
        <Alert color="red" title={t('editor.problemsTitle')} role="alert">
          <List size="sm">
            {draft.problems.map((p) => (
              <List.Item key={`${p.placementId}:${p.message}`}>
                {p.placementId && nameOf(p.placementId) ? (
                  <Anchor component="button" type="button" size="sm" c="inherit" fw={600} underline="always" onClick={() => setSelectedId(p.placementId)}>
                    {nameOf(p.placementId)}
                  </Anchor>
                ) : null}
                {p.placementId && nameOf(p.placementId) ? ': ' : ''}
                {p.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper withBorder p="sm">
            <Group justify="space-between" mb="sm">
              {editable ? (
                <AddPlacementMenu
                  count={document.placements.length}
                  onAdd={(what) => {
                    const p = newPlacement(what, document);
                    draft.setDocument((d) => ({ ...d, placements: [...d.placements, p] }));
                    setSelectedId(p.id);
                  }}
                />
              ) : (
                <span />
              )}
              <Switch label={t('editor.snap')} checked={snap} onChange={(e) => setSnap(e.currentTarget.checked)} />
            </Group>
            <LayoutCanvas
              document={document}
              selectedId={selectedId}
              invalid={invalid}
              snap={snap}
              editable={editable}
              onSelect={setSelectedId}
              onBox={(id, box) => change(id, box)}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack>
            <Panel id="layout-properties" title={t('properties.title')}>
              <PropertiesPanel
                document={document}
                placement={selected}
                problems={draft.problems}
                editable={editable}
                onChange={(c) => selected && change(selected.id, c)}
                onRemove={() => {
                  draft.setDocument((d) => ({ ...d, placements: d.placements.filter((p) => p.id !== selectedId) }));
                  setSelectedId(undefined);
                }}
              />
            </Panel>
            <Panel id="layout-layers" title={t('layers.title')}>
              <LayersPanel
                placements={document.placements}
                selectedId={selectedId}
                invalid={invalid}
                editable={editable}
                onSelect={setSelectedId}
                onChange={change}
              />
            </Panel>
          </Stack>
        </Grid.Col>
      </Grid>
      <Panel id="layout-history" title={t('history.title', { ns: 'editorial' })}>
        <HistoryPanel
          type="layout"
          contentId={layout.id}
          canRestore={editable}
          restoreDisabled={draft.dirty || draft.busy !== undefined}
          canRollback={rights.manage}
          onRestored={reload}
        />
      </Panel>
    </>
  );
}

/** A titled section of the editor's side column. */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
