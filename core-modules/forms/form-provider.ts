import { Type } from '@sinclair/typebox';
import type { DataSourceProvider } from '../data-sources/data-sources.api.js';
import { sourceOperations } from './form-access.js';
import type { FormDefinitionsDeps } from './form-definitions-deps.js';
import { viewDataset, viewWire } from './form-output.js';

/** A form source's configuration: which revision screens see and its fields (kept by the forms module). */
export const FormSourceConfig = Type.Object({
  revision: Type.Integer({ minimum: 1 }),
  fields: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), type: Type.String() }), { maxItems: 200 }),
});

/**
 * The `form` provider: its output is one dataset per saved view (named by its key) of the form's
 * records on air (approved, from `displayAt` until `expiresAt`). It is produced again when people act on records, and at the next moment a
 * record's times take it on or off air.
 */
export function formProvider(
  d: Pick<FormDefinitionsDeps, 'formsRepository' | 'formViewsRepository' | 'formsService'>,
): DataSourceProvider<{ revision: number }> {
  return {
    name: 'form',
    managedBy: 'forms',
    configuration: FormSourceConfig,
    async permissions(caller, sourceIds) {
      if (caller.kind !== 'console') return new Map();
      const forms = await d.formsService.forms(caller, sourceIds);
      return new Map(forms.map((f) => [f.source.id, sourceOperations(f.caps)]));
    },
    refreshSeconds: () => undefined,
    async produce(_configuration, ctx) {
      const definition = ctx.sourceId ? await d.formsRepository.definition(ctx.sourceId) : undefined;
      const revision = ctx.sourceId ? await d.formsRepository.latestRevision(ctx.sourceId) : undefined;
      if (!definition || !revision) return { schemaVersion: 1, datasets: [] };
      const onAirStates = definition.workflow.states.filter((s) => s.eligibleForOutput).map((s) => s.key);
      const [records, next, views] = await Promise.all([
        d.formsRepository.onAir(ctx.sourceId!, onAirStates),
        d.formsRepository.nextChange(ctx.sourceId!, onAirStates),
        d.formViewsRepository.list(ctx.sourceId!),
      ]);
      if (next) ctx.refreshBy(next);
      return { schemaVersion: 1, datasets: views.map((v) => viewDataset(viewWire(v), revision.schema, records, ctx.now)) };
    },
  };
}
