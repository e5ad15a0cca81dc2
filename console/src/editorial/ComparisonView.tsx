import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { PageLoader } from '../common/PageLoader';
import { QueryError } from '../common/QueryError';
import { type Shown, sideBySide } from './diff-sides';
import { ShownFacts } from './ShownFacts';
import type { ContentType, Publication } from './types';

const KIND_COLORS: Record<string, string> = { added: 'green', removed: 'red', moved: 'blue', changed: 'yellow' };

/** The document a publication froze, read from the submission it published (publications older than review have none). */
function useSnapshot(publication: Publication) {
  const id = publication.submissionId ?? '';
  const query = $api.useQuery('get', '/api/v1/content-submissions/{id}', { params: { path: { id } } }, { enabled: id !== '' });
  return { loading: id !== '' && query.isPending, snapshot: query.data?.data.snapshot };
}

/** Two publications side by side: each change of the server's structured diff with what each revision held there. */
export function ComparisonView({ type, contentId, from, to }: { type: ContentType; contentId: string; from: Publication; to: Publication }) {
  const { t } = useTranslation('editorial');
  const comparison = $api.useQuery('get', '/api/v1/content-history/{type}/{id}/compare', {
    params: { path: { type, id: contentId }, query: { fromPublicationId: from.id, toPublicationId: to.id } },
  });
  const { loading: loadingBefore, snapshot: before } = useSnapshot(from);
  const { loading: loadingAfter, snapshot: after } = useSnapshot(to);
  const heading = t('history.comparing', { from: String(from.revision), to: String(to.revision) });
  if (comparison.isError) return <QueryError error={comparison.error} />;
  if (!comparison.data || loadingBefore || loadingAfter) return <PageLoader />;
  const rows = sideBySide(comparison.data.data.changes, before, after);
  const side = (shown: Shown | undefined, description: string) =>
    shown ? <ShownFacts shown={shown} /> : before === undefined || after === undefined ? <Text size="sm">{description}</Text> : <Absent />;
  return (
    <Stack gap="xs" component="section" aria-labelledby="history-comparison">
      <Title order={3} size="h5" id="history-comparison">
        {heading}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm">{t('history.same')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-labelledby="history-comparison" layout="fixed" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="30%">{t('history.change')}</Table.Th>
                <Table.Th>{t('history.before', { revision: String(from.revision) })}</Table.Th>
                <Table.Th>{t('history.after', { revision: String(to.revision) })}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.kind}:${row.path}`}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Badge variant="light" color={KIND_COLORS[row.kind] ?? 'gray'}>
                        {t(`history.kinds.${row.kind as 'added'}`, { defaultValue: row.kind })}
                      </Badge>
                      <Text size="xs">{row.description}</Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>{row.kind === 'added' ? <Absent /> : side(row.before, row.description)}</Table.Td>
                  <Table.Td>{row.kind === 'removed' ? <Absent /> : side(row.after, row.description)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function Absent() {
  const { t } = useTranslation('editorial');
  return (
    <Text size="sm" c="dimmed">
      {t('history.absent')}
    </Text>
  );
}
