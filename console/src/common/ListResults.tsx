import { Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from './QueryError';

interface Props<T> {
  query: { isPending: boolean; isError: boolean; error: unknown; data?: { data: { items: T[] } } };
  /** A search is applied: an empty answer means no match rather than nothing yet. */
  searching: boolean;
  empty: string;
  noMatch: string;
  children: (items: T[]) => ReactNode;
}

/** A list's answer: loading, its error, nothing (yet, or matching), or its rows. */
export function ListResults<T>({ query, searching, empty, noMatch, children }: Props<T>) {
  const { t } = useTranslation();
  const items = query.data?.data.items;
  return (
    <>
      {query.isError && <QueryError error={query.error} />}
      {query.isPending && (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      )}
      {items?.length === 0 && <Text c="dimmed">{searching ? noMatch : empty}</Text>}
      {items && items.length > 0 && children(items)}
    </>
  );
}
