import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  total: number | undefined;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
  /** What the pages are of: "Pages of playlists". */
  label: string;
}

/** The pages of a list, shown once there is more than one. */
export function ListPager({ total, pageSize, page, onChange, label }: Props) {
  const { t } = useTranslation();
  const pages = total ? Math.ceil(total / pageSize) : 0;
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': t(`list.pager.${control}`) })}
        aria-label={label}
      />
    </Group>
  );
}
