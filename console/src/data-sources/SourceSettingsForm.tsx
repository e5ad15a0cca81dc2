import { Alert } from '@mantine/core';
import type { ErrorSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors';
import { type JsonSchema, placeErrors } from '../plugins/instance-forms';
import { configurationIssues } from '../widgets/config-schema';
import { WidgetConfigForm } from '../widgets/WidgetConfigForm';

interface Props {
  schema: JsonSchema;
  value: Record<string, unknown>;
  onChange(value: Record<string, unknown>): void;
  /** The server's refusal of the last save: its complaints shown at the fields they name. */
  refusal: unknown;
  disabled: boolean;
}

/** A provider's settings as the form generated from its JSON schema (the widget editor's form). */
export function SourceSettingsForm({ schema, value, onChange, refusal, disabled }: Props) {
  const { t } = useTranslation('dataSources');
  const placed = isApiError(refusal) ? placeErrors(configurationIssues(refusal.error.details), schema) : undefined;
  return (
    <>
      {placed && placed.unplaced.length > 0 && (
        <Alert color="red" role="alert">
          {placed.unplaced.join(' ')}
        </Alert>
      )}
      <WidgetConfigForm
        schema={schema}
        uiSchema={{ 'ui:title': t('create.settings') }}
        value={value}
        onChange={onChange}
        errors={placed?.tree as ErrorSchema | undefined}
        disabled={disabled}
      />
    </>
  );
}
