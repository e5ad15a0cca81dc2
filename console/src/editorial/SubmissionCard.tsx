import { Accordion, Anchor, Badge, Blockquote, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exactTime, fromNow } from '../screens/dates';
import { type Reviewer, reviewActions, shortDigest } from './review-rules';
import { ReviewActions } from './ReviewActions';
import { SnapshotSummary } from './SnapshotSummary';
import type { Submission } from './types';

const PAGES: Record<string, string> = { layout: '/layouts', playlist: '/playlists', campaign: '/campaigns' };
const STATE_COLORS: Record<string, string> = {
  in_review: 'blue',
  changes_requested: 'yellow',
  approved: 'green',
  scheduled: 'teal',
  publication_failed: 'red',
};

const When = ({ at }: { at: string }) => (
  <time dateTime={at} title={exactTime(at)}>
    {fromNow(at)}
  </time>
);

/** One submission in the inbox: what it is, who sent it, what it would change, its snapshot and the reviewer's moves. */
export function SubmissionCard({ submission: s, reviewer }: { submission: Submission; reviewer: Reviewer }) {
  const { t } = useTranslation('editorial');
  const name = s.contentName ?? s.contentId;
  const titleId = `submission-${s.id}-title`;
  const type = s.contentType as 'layout' | 'playlist' | 'campaign';
  const rows: [string, ReactNode][] = [
    [
      t('review.submittedBy'),
      <>
        {s.submitterName ?? t('review.unknownPerson')}, <When at={s.submittedAt} />
      </>,
    ],
    [t('review.revision'), String(s.workingRevision)],
    [
      t('review.digest'),
      <Tooltip label={t('review.digestTitle', { sha: s.snapshotSha256 })} key="digest">
        <Text size="sm" ff="monospace" component="span" tabIndex={0}>
          {shortDigest(s.snapshotSha256)}
        </Text>
      </Tooltip>,
    ],
    [
      t('review.onScreens'),
      s.currentPublishedRevision === undefined ? t('review.notPublished') : t('review.publishedRevision', { revision: String(s.currentPublishedRevision) }),
    ],
    [t('review.reach'), `${t('review.reachValue', { count: s.affectedScreenCount })} ${t('review.locations', { count: s.affectedLocationCount })}`],
  ];
  if (s.requestedPublicationAt) rows.push([t('review.requestedAt'), exactTime(s.requestedPublicationAt)]);

  return (
    <Paper withBorder p="md" component="article" aria-labelledby={titleId} id={`submission-${s.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Title order={2} size="h4" id={titleId}>
              {PAGES[type] ? (
                <Anchor component={Link} to={`${PAGES[type]}/${s.contentId}`} inherit>
                  {name}
                </Anchor>
              ) : (
                name
              )}
            </Title>
            <Badge variant="outline">{t(`types.${type}`, { defaultValue: type })}</Badge>
            <Badge variant="light" color={STATE_COLORS[s.status] ?? 'gray'}>
              {t(`states.${s.status}`)}
            </Badge>
            {s.newerWorkingDraft && (
              <Tooltip label={t('review.newerDraftHelp')}>
                <Badge variant="light" color="orange" tabIndex={0}>
                  {t('review.newerDraft')}
                </Badge>
              </Tooltip>
            )}
          </Group>
          <ReviewActions submission={s} actions={reviewActions(s, reviewer)} />
        </Group>
        <Table variant="vertical" withTableBorder={false} layout="fixed" maw={640}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={180}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {s.reviewNote && (
          <Blockquote p="xs" cite={s.reviewerName ? t('review.reviewedBy', { name: s.reviewerName }) : undefined}>
            <Text size="xs" fw={600}>
              {t('review.note')}
            </Text>
            {s.reviewNote}
          </Blockquote>
        )}
        {s.publicationFailureReason && (
          <Text size="sm" c="red">
            {t('review.failure')}: {s.publicationFailureReason}
          </Text>
        )}
        <Accordion variant="contained" chevronPosition="left">
          <Accordion.Item value="snapshot">
            <Accordion.Control>{t('review.snapshot')}</Accordion.Control>
            <Accordion.Panel>
              <SnapshotSummary snapshot={s.snapshot} />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Stack>
    </Paper>
  );
}
