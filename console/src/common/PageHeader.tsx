import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './useDocumentTitle';

/** The page's one h1, also the document title; actions on the right. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Group justify="space-between" mb="md" wrap="wrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children && <Group gap="sm">{children}</Group>}
    </Group>
  );
}
