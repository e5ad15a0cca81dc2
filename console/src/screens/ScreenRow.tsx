import { Anchor, Badge, Table } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router';
import type { ScreenStatus } from './screen-filters';
import { exactTime, fromNow } from './dates';
import { createRowDates } from './screen-row-dates';
import type { Screen } from './types';
import './screen-list.css';

// Plain elements with the library's classes: a row is drawn many times a second while scrolling.
const rowDates = createRowDates({ fromNow, exactTime });
const LINK_CLASS = `mantine-focus-auto ${Anchor.classes.root} screen-row-link`;

/** The row's words, translated once for the whole list. */
export type RowLabels = { status: Record<ScreenStatus, string>; never: string; noLocation: string };

function StatusText({ status, labels }: { status: ScreenStatus; labels: RowLabels }) {
  return (
    <span className={`${Badge.classes.root} screen-status`} data-status={status}>
      <span className={Badge.classes.label}>{labels.status[status]}</span>
    </span>
  );
}

function ContactText({ screen, labels }: { screen: Screen; labels: RowLabels }) {
  const at = screen.lastContactAt ?? screen.lastHeartbeatAt;
  if (!at) return <span>{labels.never}</span>;
  return (
    <time dateTime={at} title={rowDates.exactTime(at)}>
      {rowDates.fromNow(at)}
    </time>
  );
}

type RowProps = { screen: Screen; index: number; height: number; labels: RowLabels };

/** One screen in the wide table; `index` counts from 0 below the header row. */
export const ScreenTableRow = memo(function ScreenTableRow({ screen: s, index, height, labels }: RowProps) {
  return (
    <tr className={Table.classes.tr} data-with-row-border aria-rowindex={index + 2} style={{ height }}>
      <td className={Table.classes.td}>
        <Link className={LINK_CLASS} data-underline="hover" to={`/screens/${s.id}`}>
          {s.name}
        </Link>
      </td>
      <td className={Table.classes.td}>
        <StatusText status={s.status} labels={labels} />
      </td>
      <td className={Table.classes.td}>{s.location || labels.noLocation}</td>
      <td className={Table.classes.td}>
        <ContactText screen={s} labels={labels} />
      </td>
      <td className={Table.classes.td}>{`${s.deviceManufacturer} ${s.deviceModel}`.trim()}</td>
    </tr>
  );
});

/** One screen in the phone's compact list: name, status, last contact. */
export const ScreenListItem = memo(function ScreenListItem({ screen: s, index, height, labels, total }: RowProps & { total: number }) {
  return (
    <li className="screen-item" aria-setsize={total} aria-posinset={index + 1} style={{ height }}>
      <div className="screen-item-top">
        <Link className={LINK_CLASS} data-underline="hover" to={`/screens/${s.id}`}>
          {s.name}
        </Link>
        <StatusText status={s.status} labels={labels} />
      </div>
      <div className="screen-item-contact">
        <ContactText screen={s} labels={labels} />
      </div>
    </li>
  );
});
