import '@mantine/dates/styles.css';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import Form from '@rjsf/mantine';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../api/errors';
import { type JsonSchema, placeErrors } from './instance-forms';
import { useFormStrings } from './useFormStrings';

interface Props {
  schema: JsonSchema;
  initial: Record<string, unknown>;
  /** Sends the configuration; answers the server's error, or nothing when it was accepted. */
  submit(values: Record<string, unknown>): Promise<unknown>;
}

/** A plugin instance's configuration, as a form generated from the plugin's own JSON schema. */
export function InstanceForm({ schema, initial, submit }: Props) {
  const { t } = useTranslation(['plugins', 'common']);
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<ErrorSchema>();
  const [refusal, setRefusal] = useState<string[]>();

  const translate = useFormStrings();
  const send = async (formData: Record<string, unknown>) => {
    setBusy(true);
    setServerErrors(undefined);
    setRefusal(undefined);
    try {
      const error = await submit(formData);
      if (error === undefined) return;
      const { tree, unplaced } = placeErrors(isApiError(error) ? error.error.details : undefined, schema);
      setServerErrors(tree as ErrorSchema);
      setRefusal([errorMessage(error, t('common:errors.network')), ...unplaced]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      schema={schema as RJSFSchema}
      validator={validator}
      formData={values}
      onChange={(e) => setValues(e.formData as Record<string, unknown>)}
      onSubmit={(e) => send(e.formData as Record<string, unknown>)}
      extraErrors={serverErrors}
      showErrorList={false}
      translateString={translate}
      noHtml5Validate
      // The console's CSP forbids eval, which ajv compiles schemas with: the server validates (422 with
      // the fields), and its answer is shown at the fields.
      noValidate
    >
      <Stack mt="md">
        {refusal && (
          <Alert color="red" title={t('instances.refusedTitle')} role="alert">
            {refusal.join(' ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.closeAll()}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('instances.save')}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
