/**
 * A location form's values and the body the API takes: blank coordinates become null (none), and
 * text fields are trimmed.
 */
export interface LocationFormValues {
  name: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  latitude: number | string;
  longitude: number | string;
}

export const TEXT_FIELDS = ['addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'country'] as const;

export const emptyLocation: LocationFormValues = {
  name: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
  latitude: '',
  longitude: '',
};

const coordinate = (value: number | string): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function locationBody(values: LocationFormValues) {
  return {
    name: values.name.trim(),
    addressLine1: values.addressLine1.trim(),
    addressLine2: values.addressLine2.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    postalCode: values.postalCode.trim(),
    country: values.country.trim(),
    latitude: coordinate(values.latitude),
    longitude: coordinate(values.longitude),
  };
}

/** The place in one line: city, state, country, whichever are given. */
export const placeOf = (l: { city: string; state: string; country: string }): string => [l.city, l.state, l.country].filter(Boolean).join(', ');
