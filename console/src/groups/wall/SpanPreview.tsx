import { Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { innerRegion, type Wall } from './wall-geometry';

const percent = (part: number, whole: number) => `${Math.round((part / whole) * 1000) / 10}%`;

/** Which part of the content each member shows: its panel less the bezels, in canvas pixels and as a share of the picture. */
export function SpanPreview({ wall }: { wall: Wall }) {
  const { t } = useTranslation('groups');
  const { canvas } = wall;
  const panels = [...wall.panels].sort((a, b) => a.order - b.order);
  return (
    <section aria-labelledby="span-preview-title">
      <Title order={3} size="h5" id="span-preview-title" mb="xs">
        {t('wall.preview.title')}
      </Title>
      <Text size="sm" mb="xs">
        {t('wall.preview.intro', { width: String(canvas.width), height: String(canvas.height) })}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('wall.preview.panel')}</Table.Th>
              <Table.Th>{t('wall.preview.region')}</Table.Th>
              <Table.Th>{t('wall.preview.share')}</Table.Th>
              <Table.Th>{t('wall.preview.rotation')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {panels.map((p) => {
              const r = innerRegion(p);
              return (
                <Table.Tr key={p.screenId}>
                  <Table.Td>
                    {p.order + 1}. {p.screenName}
                  </Table.Td>
                  <Table.Td>{t('wall.preview.box', { x: String(r.x), y: String(r.y), width: String(r.width), height: String(r.height) })}</Table.Td>
                  <Table.Td>
                    {t('wall.preview.span', {
                      left: percent(r.x, canvas.width),
                      right: percent(r.x + r.width, canvas.width),
                      top: percent(r.y, canvas.height),
                      bottom: percent(r.y + r.height, canvas.height),
                    })}
                  </Table.Td>
                  <Table.Td>{t('wall.degrees', { count: p.rotation })}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
