import { asClass, asFunction } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import { screenPlacesRef } from '../screens.api.js';
import { LocationsRepository } from './locations.repository.js';
import { locationsRoutes } from './locations.routes.js';
import { LocationsService } from './locations.service.js';
import { ScreenPlaces } from './screen-places.js';
import type { LocationsDeps } from './locations-deps.js';

/** Where screens stand: locations, and the place label players show for each screen. */
export const locationsPart: ModulePart<LocationsDeps> = (r) => {
  r.provide({
    locationsRepository: asClass(LocationsRepository).singleton(),
    locationsService: asFunction((d: LocationsDeps) => new LocationsService(d)).singleton(),
  });
  // The player config names where each screen is.
  r.export(screenPlacesRef, asClass(ScreenPlaces).singleton());
  r.routes(locationsRoutes);
  r.onStop(({ screenPlaces }) => screenPlaces.changed.stop());
};
