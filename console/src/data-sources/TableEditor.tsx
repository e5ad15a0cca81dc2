import { ActionIcon, Alert, Button, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type ClipboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';
import { ColumnForm } from './ColumnForm';
import { type PasteProblem, pasteBlock, type TableColumn } from './paste-cells';
import { TableCell } from './TableCell';
import { newRow, rowsForSave, type TableRow, withBlock } from './table-rows';
import type { DataSourceDetail } from './types';

// The API's bounds of a manual table.
const MAX_COLUMNS = 12;
const MAX_ROWS = 200;

type Column = TableColumn & { currency?: string };
type StoredTable = { columns?: Column[]; rows?: { id?: string; values: Record<string, string> }[] };

interface PasteReport {
  count: number;
  problems: PasteProblem[];
  cellsCut: number;
  rowsCut: boolean;
}

/** A manual table in a grid: typed cells, rows and columns added and removed, blocks pasted from a spreadsheet; saved whole. */
export function TableEditor({ source, canEdit, onSaved }: { source: DataSourceDetail; canEdit: boolean; onSaved(): void }) {
  const { t } = useTranslation(['dataSources', 'common']);
  const stored = source.configuration as StoredTable;
  const [columns, setColumns] = useState<Column[]>(stored.columns ?? []);
  const [rows, setRows] = useState<TableRow[]>(() => (stored.rows ?? []).map((r) => ({ ...newRow(r.values), id: r.id })));
  const [dirty, setDirty] = useState(false);
  const [report, setReport] = useState<PasteReport>();
  const [adding, { open, close }] = useDisclosure();
  // Someone else saved the table (a console event refetched it): shown at once unless edits are pending here.
  const seen = useRef(source.configVersion);
  const [overtaken, setOvertaken] = useState(false);
  useEffect(() => {
    if (source.configVersion === seen.current) return;
    seen.current = source.configVersion;
    if (dirty) return setOvertaken(true);
    setColumns(stored.columns ?? []);
    setRows((stored.rows ?? []).map((r) => ({ ...newRow(r.values), id: r.id })));
  }, [source.configVersion, dirty, stored]);
  const change = (next: TableRow[]) => {
    setRows(next);
    setDirty(true);
  };
  const setCell = (index: number, key: string, value: string) =>
    change(rows.map((r, i) => (i === index ? { ...r, values: { ...r.values, [key]: value } } : r)));

  const onPaste = (e: ClipboardEvent<HTMLElement>) => {
    const text = e.clipboardData.getData('text/plain');
    const target = (e.target as HTMLElement).closest('[data-row]');
    // A single value pastes into its cell as any input takes it; a block fills the table from there.
    if (!canEdit || !target || !/[\t\n\r]/.test(text.replace(/[\r\n]+$/, ''))) return;
    e.preventDefault();
    const block = pasteBlock(text, columns, Number(target.getAttribute('data-row')), Number(target.getAttribute('data-column')));
    const laid = withBlock(rows, block, MAX_ROWS);
    change(laid.rows);
    setReport({ count: block.rows.length, problems: block.problems, cellsCut: block.cellsCut, rowsCut: laid.cut });
  };

  const save = useMutation({
    mutationFn: async () => {
      const configuration = { ...source.configuration, columns, rows: rowsForSave(rows, columns) };
      const { data, error } = await api.PATCH('/api/v1/data-sources/{id}', { params: { path: { id: source.id } }, body: { configuration } });
      if (error || !data) throw error ?? new Error('empty answer');
      return data.data;
    },
    onSuccess: (saved) => {
      const table = saved.configuration as StoredTable;
      setColumns(table.columns ?? []);
      setRows((table.rows ?? []).map((r) => ({ ...newRow(r.values), id: r.id })));
      setDirty(false);
      setOvertaken(false);
      setReport(undefined);
      notifyDone(t('table.saved'));
      onSaved();
    },
    onError: (error) => notifyFailed(error),
  });
  const discard = () => {
    setColumns(stored.columns ?? []);
    setRows((stored.rows ?? []).map((r) => ({ ...newRow(r.values), id: r.id })));
    setDirty(false);
    setOvertaken(false);
    setReport(undefined);
  };
  const columnLabel = (key: string) => columns.find((c) => c.key === key)?.label ?? key;

  return (
    <Stack>
      <Text size="sm">
        {t('table.limits', { columns: String(MAX_COLUMNS), rows: String(MAX_ROWS) })} {canEdit && t('table.pasteHint')}
      </Text>
      {overtaken && (
        <Alert color="yellow" role="status">
          {t('table.overtaken')}
        </Alert>
      )}
      {report && (
        <Alert
          color={report.problems.length || report.cellsCut || report.rowsCut ? 'yellow' : 'green'}
          role="status"
          withCloseButton
          onClose={() => setReport(undefined)}
          closeButtonLabel={t('common:close')}
        >
          <Text size="sm">{t('table.pasted', { count: report.count })}</Text>
          {report.problems.length > 0 && (
            <>
              <Text size="sm">{t('table.pasteProblems')}</Text>
              <List size="sm">
                {report.problems.map((p) => (
                  <List.Item key={`${p.row}-${p.column}`}>
                    {t('table.pasteProblem', {
                      row: String(p.row + 1),
                      column: columnLabel(p.column),
                      value: p.value,
                      expected: t(`table.expected.${p.expected}`),
                    })}
                  </List.Item>
                ))}
              </List>
            </>
          )}
          {report.cellsCut > 0 && <Text size="sm">{t('table.pasteCut', { count: report.cellsCut })}</Text>}
          {report.rowsCut && <Text size="sm">{t('table.pasteTooMany', { rows: String(MAX_ROWS) })}</Text>}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={Math.max(480, columns.length * 150)}>
        <Table onPaste={onPaste} withColumnBorders>
          <Table.Caption>{t('table.caption', { name: source.name })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key}>
                  <Group gap={4} wrap="nowrap">
                    <span>
                      {c.label}
                      <Text span size="xs" c="dimmed">
                        {' '}
                        {t(`table.types.${c.type}`)}
                        {c.currency ? ` ${c.currency}` : ''}
                      </Text>
                    </span>
                    {canEdit && columns.length > 1 && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        aria-label={t('table.removeColumn', { column: c.label })}
                        onClick={() => {
                          setColumns(columns.filter((x) => x.key !== c.key));
                          setDirty(true);
                        }}
                      >
                        <IconTrash size={14} aria-hidden />
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Th>
              ))}
              {canEdit && <Table.Th>{t('table.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={r.id ?? r.draftKey}>
                {columns.map((c, j) => (
                  <Table.Td key={c.key}>
                    <TableCell
                      type={c.type}
                      value={r.values[c.key] ?? ''}
                      onChange={(v) => setCell(i, c.key, v)}
                      label={t('table.cell', { column: c.label, row: String(i + 1) })}
                      row={i}
                      column={j}
                      disabled={!canEdit || save.isPending}
                    />
                  </Table.Td>
                ))}
                {canEdit && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('table.removeRow', { row: String(i + 1) })}
                      onClick={() => change(rows.filter((_, k) => k !== i))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {canEdit && (
        <Group justify="space-between">
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => change([...rows, newRow()])}
              disabled={rows.length >= MAX_ROWS}
            >
              {t('table.addRow')}
            </Button>
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={open} disabled={columns.length >= MAX_COLUMNS}>
              {t('table.addColumn')}
            </Button>
          </Group>
          <Group>
            {dirty && (
              <Text size="sm" fw={600}>
                {t('table.unsaved')}
              </Text>
            )}
            <Button variant="default" onClick={discard} disabled={!dirty || save.isPending}>
              {t('table.discard')}
            </Button>
            <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!dirty}>
              {t('table.save')}
            </Button>
          </Group>
        </Group>
      )}
      <Modal opened={adding} onClose={close} title={t('table.column.title')}>
        <ColumnForm
          taken={columns.map((c) => c.key)}
          onCancel={close}
          onAdd={(column) => {
            setColumns([...columns, column]);
            setDirty(true);
            close();
          }}
        />
      </Modal>
    </Stack>
  );
}
