import { Anchor, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $api } from '../api/client';
import type { DataOf } from '../api/types';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { exactTime, fromNow } from '../screens/dates';
import { focusAfterDecision } from './inbox-focus';
import { TransitionButtons } from './TransitionButtons';

type Approval = DataOf<'/api/v1/approvals', 'get'>['items'][number];
const PAGE_SIZE = 25;

/** The moves on one waiting record: read from the record itself (its version, and what the caller may do now). */
function Decide({ item, onMoved }: { item: Approval; onMoved: (recordId: string) => void }) {
  const { t } = useTranslation('forms');
  const detail = $api.useQuery('get', '/api/v1/data-sources/{id}/records/{recordId}', { params: { path: { id: item.dataSourceId, recordId: item.recordId } } });
  const record = detail.data?.data;
  if (detail.error) return <QueryError error={detail.error} />;
  if (!record) return <Loader size="xs" aria-label={t('loading')} />;
  const decisions = record.availableTransitions.filter((m) => m.requiredCapability === 'approve' || m.requiredCapability === 'review');
  return <TransitionButtons formId={item.dataSourceId} record={record} moves={decisions} onMoved={onMoved} />;
}

/**
 * Records waiting on the caller to review or approve, across their forms, oldest first. Each is decided
 * in one click; the focus then moves to the next one, so the inbox can be worked through by keyboard.
 */
export function ApprovalsPage() {
  const { t } = useTranslation('forms');
  const [page, setPage] = useState(1);
  const list = $api.useQuery('get', '/api/v1/approvals', { params: { query: { page, pageSize: PAGE_SIZE } } });
  const items = list.data?.data.items ?? [];
  const total = list.data?.data.total ?? 0;
  const rows = useRef(new Map<string, HTMLTableRowElement>());
  const [focusNext, setFocusNext] = useState<string>();
  const ids = items.map((i) => i.recordId).join(',');
  // Once the decided record has left the list (and the next one's moves are loaded), its first move takes the focus.
  useEffect(() => {
    if (!focusNext || !ids.split(',').includes(focusNext)) return;
    const row = rows.current.get(focusNext);
    const button = row?.querySelector<HTMLButtonElement>('button:not([disabled])');
    if (button) {
      button.focus();
      setFocusNext(undefined);
      return;
    }
    if (!row) return;
    const observer = new MutationObserver(() => {
      const ready = row.querySelector<HTMLButtonElement>('button:not([disabled])');
      if (ready) {
        observer.disconnect();
        ready.focus();
        setFocusNext(undefined);
      }
    });
    observer.observe(row, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [focusNext, ids]);

  return (
    <>
      <PageHeader title={t('approvals.title')} />
      <Stack>
        <Text>{t('approvals.intro')}</Text>
        {list.error && <QueryError error={list.error} />}
        {list.isSuccess && !items.length && <Text c="dimmed">{t('approvals.none')}</Text>}
        {items.length > 0 && (
          <Table.ScrollContainer minWidth={820}>
            <Table aria-label={t('approvals.caption')} verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('approvals.record')}</Table.Th>
                  <Table.Th>{t('approvals.form')}</Table.Th>
                  <Table.Th>{t('records.submitter')}</Table.Th>
                  <Table.Th>{t('records.state')}</Table.Th>
                  <Table.Th>{t('approvals.waiting')}</Table.Th>
                  <Table.Th>{t('approvals.decide')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr
                    key={item.recordId}
                    ref={(el) => {
                      if (el) rows.current.set(item.recordId, el);
                      else rows.current.delete(item.recordId);
                    }}
                  >
                    <Table.Td>
                      <Anchor component={Link} to={`/forms/${item.dataSourceId}?tab=records&record=${item.recordId}`}>
                        {item.title || t('records.untitled')}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{item.formName}</Table.Td>
                    <Table.Td>{item.submitterName}</Table.Td>
                    <Table.Td>{item.stateLabel}</Table.Td>
                    <Table.Td>
                      <time dateTime={item.submittedAt} title={exactTime(item.submittedAt)}>
                        {fromNow(item.submittedAt)}
                      </time>
                    </Table.Td>
                    <Table.Td>
                      <Decide item={item} onMoved={(done) => setFocusNext(focusAfterDecision(ids.split(','), done))} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {total > PAGE_SIZE && (
          <Pagination
            total={Math.ceil(total / PAGE_SIZE)}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`records.page.${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('records.page.number', { page: String(p) }) })}
          />
        )}
      </Stack>
    </>
  );
}
