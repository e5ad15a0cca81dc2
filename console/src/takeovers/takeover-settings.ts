import { $api } from '../api/client';
import { bodyFieldErrors, errorCode, errorMessage } from '../api/errors';

/** The takeover settings the start dialog follows (`GET /api/v1/settings`), with the server's defaults until they load. */
export interface TakeoverSettings {
  defaultMinutes: number;
  maximumMinutes: number;
  confirmationRequired: boolean;
  reauthenticationRequired: boolean;
}

export function useTakeoverSettings(enabled: boolean): TakeoverSettings | undefined {
  const settings = $api.useQuery('get', '/api/v1/settings', {}, { enabled });
  const values = settings.data?.data.values;
  if (!values) return undefined;
  return {
    defaultMinutes: Number(values['takeover.default_duration_minutes'] ?? 60),
    maximumMinutes: Number(values['takeover.maximum_duration_minutes'] ?? 1440),
    confirmationRequired: values['takeover.confirmation_required'] !== false,
    reauthenticationRequired: values['takeover.reauthentication_required'] === true,
  };
}

type FormField = 'name' | 'description' | 'password' | 'screenIds' | 'minutes' | 'playlistId';

const FIELD_OF_CODE: Record<string, FormField> = {
  reauthentication_required: 'password',
  takeover_target_required: 'screenIds',
  takeover_duration_exceeded: 'minutes',
  takeover_playlist_not_ready: 'playlistId',
};
const FIELD_OF_BODY: Record<string, FormField> = {
  name: 'name',
  description: 'description',
  password: 'password',
  playlistId: 'playlistId',
  screenIds: 'screenIds',
  groupIds: 'screenIds',
  expiresAt: 'minutes',
};

/** Where the server's refusal of a takeover belongs in the start form: by its code, or by the body fields a 422 names. */
export function fieldErrorsOf(error: unknown): [FormField, string][] {
  const byCode = FIELD_OF_CODE[errorCode(error) ?? ''];
  if (byCode) return [[byCode, errorMessage(error, '')]];
  return Object.entries(bodyFieldErrors(error)).flatMap(([name, message]): [FormField, string][] => {
    const field = FIELD_OF_BODY[name];
    return field ? [[field, message]] : [];
  });
}
