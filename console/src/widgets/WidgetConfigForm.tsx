import '@mantine/dates/styles.css';
import { Text } from '@mantine/core';
import Form, { Templates } from '@rjsf/mantine';
import { type ErrorSchema, errorId, type FieldErrorProps, type RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useTranslation } from 'react-i18next';
import type { JsonSchema } from '../plugins/instance-forms';
import { useFormStrings } from '../plugins/useFormStrings';

interface Props {
  schema: JsonSchema;
  uiSchema: Record<string, unknown>;
  value: Record<string, unknown>;
  onChange(value: Record<string, unknown>): void;
  /** The server's complaints, at the fields they name. */
  errors: ErrorSchema | undefined;
  disabled: boolean;
}

const InputErrors = Templates.FieldErrorTemplate;

/**
 * The theme leaves errors to each input, so a list's own error (too few fields, a field the source
 * lacks) would show nowhere: a list or group shows its errors under its title.
 */
function GroupErrors(props: FieldErrorProps) {
  const { errors, fieldPathId, schema } = props;
  if (schema.type !== 'array' && schema.type !== 'object') return InputErrors ? <InputErrors {...props} /> : null;
  if (!errors?.length) return null;
  return (
    <Text id={errorId(fieldPathId)} c="red.8" size="sm">
      {errors.join(' ')}
    </Text>
  );
}

/** A widget type's settings, as a form generated from its schema; saving is the page's button. */
export function WidgetConfigForm({ schema, uiSchema, value, onChange, errors, disabled }: Props) {
  const { t } = useTranslation('widgets');
  const translate = useFormStrings();
  return (
    <Form
      schema={schema as RJSFSchema}
      uiSchema={{ 'ui:title': t('editor.settings'), ...uiSchema }}
      validator={validator}
      formData={value}
      onChange={(e) => onChange(e.formData as Record<string, unknown>)}
      extraErrors={errors}
      templates={{ FieldErrorTemplate: GroupErrors }}
      disabled={disabled}
      showErrorList={false}
      translateString={translate}
      noHtml5Validate
      // The console's CSP forbids eval, which ajv compiles schemas with: the server checks each
      // change (the preview) and its answer is shown at the fields.
      noValidate
    >
      {/* No submit button of its own: the page saves name, description and settings together. */}
      <span />
    </Form>
  );
}
