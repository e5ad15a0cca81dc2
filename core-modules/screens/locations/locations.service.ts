import { Type, type Static } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { invalidInput, notFound } from '../../../kernel/errors.js';
import type { LocationRow, LocationValues } from './locations.repository.js';
import { Uuid, Stamp } from '../../../kernel/http/wire.js';
import type { ScreensBaseDeps } from '../screens-base-deps.js';

type Deps = Pick<ScreensBaseDeps, 'db' | 'locationsRepository' | 'auditLog' | 'screenPlaces'>;

const Text = (maxLength: number) => Type.String({ maxLength });
const Coordinate = (limit: number) => Type.Union([Type.Number({ minimum: -limit, maximum: limit }), Type.Null()]);

/** Fields of a location as the console sends them; all optional on PATCH. */
export const LocationFields = {
  name: Type.String({ minLength: 1, maxLength: 120 }),
  addressLine1: Type.Optional(Text(240)),
  addressLine2: Type.Optional(Text(240)),
  city: Type.Optional(Text(120)),
  state: Type.Optional(Text(120)),
  postalCode: Type.Optional(Text(40)),
  country: Type.Optional(Text(120)),
  latitude: Type.Optional(Coordinate(90)),
  longitude: Type.Optional(Coordinate(180)),
};
export type LocationInput = Partial<{ [K in keyof typeof LocationFields]: Static<(typeof LocationFields)[K]> }>;

export const LocationSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  addressLine1: Type.String(),
  addressLine2: Type.String(),
  city: Type.String(),
  state: Type.String(),
  postalCode: Type.String(),
  country: Type.String(),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  screenCount: Type.Integer(),
  createdAt: Stamp,
  updatedAt: Stamp,
});
type LocationView = Static<typeof LocationSchema>;

const view = (r: LocationRow): LocationView => ({
  id: r.id,
  name: r.name,
  addressLine1: r.address_line_1,
  addressLine2: r.address_line_2,
  city: r.city,
  state: r.state,
  postalCode: r.postal_code,
  country: r.country,
  latitude: r.latitude,
  longitude: r.longitude,
  screenCount: r.screen_count,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const locationNotFound = () => notFound('location_not_found', 'No such location.');

function values(input: LocationInput): LocationValues {
  const trim = (s: string | undefined) => s?.trim();
  const name = trim(input.name);
  if (name !== undefined && name.length === 0) throw invalidInput('validation_failed', 'A location needs a name.', 'body/name');
  const all: LocationValues = {
    name,
    address_line_1: trim(input.addressLine1),
    address_line_2: trim(input.addressLine2),
    city: trim(input.city),
    state: trim(input.state),
    postal_code: trim(input.postalCode),
    country: trim(input.country),
    latitude: input.latitude,
    longitude: input.longitude,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined));
}

/** Places screens stand in. Names are unique regardless of case. */
export class LocationsService {
  constructor(private readonly d: Deps) {}

  async list() {
    const items = (await this.d.locationsRepository.list()).map(view);
    return { items, total: items.length };
  }

  private async get(id: string): Promise<LocationView> {
    const row = await this.d.locationsRepository.byId(id);
    if (!row) throw locationNotFound();
    return view(row);
  }

  async create(actor: ConsolePrincipal, input: LocationInput, ip: string): Promise<LocationView> {
    const id = await this.d.locationsRepository.insert(values(input));
    await this.d.auditLog.record({ action: 'location.created', actor, ip, resourceType: 'location', resourceId: id, metadata: { name: input.name?.trim() } });
    return this.get(id);
  }

  async update(actor: ConsolePrincipal, id: string, input: LocationInput, ip: string): Promise<LocationView> {
    const changes = values(input);
    await this.d.db.transaction(async (trx) => {
      if (!(await this.d.locationsRepository.update(id, changes, trx))) throw locationNotFound();
      await this.d.auditLog.record(
        { action: 'location.updated', actor, ip, resourceType: 'location', resourceId: id, metadata: { fields: Object.keys(changes) } },
        trx,
      );
      // The screens there show the place's name in their config.
      if ('name' in changes) await this.d.screenPlaces.changed.emit(await this.d.screenPlaces.screensAt(id, trx), trx);
    });
    return this.get(id);
  }

  async delete(actor: ConsolePrincipal, id: string, ip: string): Promise<void> {
    const row = await this.d.locationsRepository.byId(id);
    if (!row) throw locationNotFound();
    await this.d.locationsRepository.delete(id);
    await this.d.auditLog.record({ action: 'location.deleted', actor, ip, resourceType: 'location', resourceId: id, metadata: { name: row.name } });
  }
}
