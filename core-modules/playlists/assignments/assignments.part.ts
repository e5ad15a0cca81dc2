import { asFunction } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import { assignmentContentSource } from './assignment-content-source.js';
import type { AssignmentsDeps } from './assignments-deps.js';
import { assignmentsRoutes } from './assignments.routes.js';
import { AssignmentsService } from './assignments.service.js';

/** The content assigned to each screen itself: what it plays unless a higher-ranked source says otherwise. */
export const assignmentsPart: ModulePart<AssignmentsDeps> = (r) => {
  r.provide({ assignmentsService: asFunction((d: AssignmentsDeps) => new AssignmentsService(d)).singleton() });
  r.routes(assignmentsRoutes);
  r.onStart((d) => {
    // A screen's own content is a use of it: its delete is refused while a screen is assigned it.
    d.contentKinds.registerUse((ref, trx) => d.assignmentsService.usesOf(ref, trx));
    d.contentSources.register(assignmentContentSource(d));
  });
};
