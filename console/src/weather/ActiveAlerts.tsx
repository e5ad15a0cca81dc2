import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exactTime } from '../screens/dates';
import type { Activation } from './types';

/** The alerts shown now, each with the rule that answered it and what it shows. */
export function ActiveAlerts({ items }: { items: Activation[] }) {
  const { t } = useTranslation('weather');
  return (
    <Stack component="section" aria-labelledby="weather-active" gap="xs">
      <Title order={2} size="h4" id="weather-active">
        {t('active.title')}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">{t('active.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('active.event')}</Table.Th>
                <Table.Th>{t('active.severity')}</Table.Th>
                <Table.Th>{t('active.area')}</Table.Th>
                <Table.Th>{t('active.rule')}</Table.Th>
                <Table.Th>{t('active.shows')}</Table.Th>
                <Table.Th>{t('active.ends')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((a) => (
                <Table.Tr key={`${a.alertId}:${a.ruleId}`}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {a.event}
                    </Text>
                    <Text size="sm">{a.headline}</Text>
                  </Table.Td>
                  <Table.Td>
                    {a.severity} · {a.urgency}
                  </Table.Td>
                  <Table.Td>{a.areaDescription}</Table.Td>
                  <Table.Td>{a.ruleName}</Table.Td>
                  <Table.Td>
                    {a.takeoverId ? (
                      <Anchor component={Link} to={`/takeovers/${a.takeoverId}`}>
                        {t('active.takeover')}
                      </Anchor>
                    ) : (
                      t('active.ticker')
                    )}
                  </Table.Td>
                  <Table.Td>{a.expiresAt ? exactTime(a.expiresAt) : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
