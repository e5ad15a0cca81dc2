import { asClass, asFunction } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import { panelFileJobs } from './panel-files.jobs.js';
import { PanelFilesRepository } from './panel-files.repository.js';
import { panelFileRoutes } from './panel-files.routes.js';
import { PanelFilesService } from './panel-files.service.js';
import type { SpanDeps } from './span-deps.js';
import { SpanRepository } from './span.repository.js';
import { spanRoutes } from './span.routes.js';
import { SpanService } from './span.service.js';

/** Video walls: a span group's canvas and each member's panel of it, and each video cut into one file per panel. */
export const spanPart: ModulePart<SpanDeps> = (r) => {
  r.provide({
    spanRepository: asClass(SpanRepository).singleton(),
    spanService: asFunction((d: SpanDeps) => new SpanService(d)).singleton(),
    panelFilesRepository: asClass(PanelFilesRepository).singleton(),
    panelFilesService: asFunction((d: SpanDeps) => new PanelFilesService(d)).singleton(),
  });
  r.routes([...spanRoutes, ...panelFileRoutes]);
  r.jobs(panelFileJobs);
};
