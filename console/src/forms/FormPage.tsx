import { Loader, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { $api } from '../api/client';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { FormBuilder } from './FormBuilder';
import { RecordsPanel } from './RecordsPanel';
import { SubmitPanel } from './SubmitPanel';
import { WorkflowEditor } from './WorkflowEditor';
import { capabilitiesFrom } from './workflow-rules';

/**
 * One form, with the tabs the caller's capabilities open: submitting and their own records for
 * those who submit, every record for those who see all, the builder and workflow for managers.
 */
export function FormPage() {
  const { t } = useTranslation('forms');
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const query = $api.useQuery('get', '/api/v1/data-sources/{id}/form', { params: { path: { id } } });
  const form = query.data?.data;
  if (!form) {
    return (
      <>
        <PageHeader title={t('title')} />
        {query.error ? <QueryError error={query.error} /> : <Loader aria-label={t('loading')} />}
      </>
    );
  }
  const caps = capabilitiesFrom(form.grantedCapabilities);
  const tabs = [
    caps.has('submit') && 'submit',
    (caps.has('view_all') || caps.has('view_own')) && 'records',
    caps.has('manage') && 'builder',
    caps.has('manage') && 'workflow',
  ].filter((x): x is string => Boolean(x));
  const wanted = search.get('tab');
  const tab = wanted && tabs.includes(wanted) ? wanted : tabs[0];
  const recordsLabel = caps.has('view_all') ? t('tabs.records') : t('tabs.mine');
  return (
    <>
      <PageHeader title={form.name} />
      <Stack>
        {form.description && <Text>{form.description}</Text>}
        <Tabs value={tab ?? null} onChange={(v) => v && setSearch({ tab: v }, { replace: true })} keepMounted={false}>
          <Tabs.List>
            {tabs.map((k) => (
              <Tabs.Tab key={k} value={k}>
                {k === 'records' ? recordsLabel : t(`tabs.${k as 'submit' | 'builder' | 'workflow'}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="submit" pt="md">
            <SubmitPanel form={form} onDone={() => setSearch({ tab: 'records' }, { replace: true })} />
          </Tabs.Panel>
          <Tabs.Panel value="records" pt="md">
            <RecordsPanel form={form} />
          </Tabs.Panel>
          <Tabs.Panel value="builder" pt="md">
            <FormBuilder form={form} />
          </Tabs.Panel>
          <Tabs.Panel value="workflow" pt="md">
            <WorkflowEditor form={form} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
