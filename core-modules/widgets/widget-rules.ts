import { validationFailed, type ValidationIssue } from '../../kernel/errors.js';
import type { SourceFacts } from '../data-sources/data-sources.api.js';
import { bindingIssues, type Configuration, normaliseConfiguration } from './definitions/configuration.js';
import type { WidgetDefinition, WidgetDefinitions } from './definitions/widget-definition.js';

/** A configuration the server accepted: complete, checked, with the sources it binds. */
export interface ResolvedWidget {
  definition: WidgetDefinition;
  presetId: string | null;
  configuration: Configuration;
  dataSourceIds: string[];
}

const invalid = (issues: ValidationIssue[]) => validationFailed('The widget configuration is invalid.', issues);

/**
 * Checks a widget's provider, preset and configuration, and the sources it binds (they exist, have
 * a shape the type can show and give the fields it names): 422 with every failing path otherwise.
 * A preset's configuration is the base the given one is laid over.
 */
export async function resolveWidget(
  definitions: WidgetDefinitions,
  facts: (ids: string[]) => Promise<Map<string, SourceFacts>>,
  input: { provider: string; presetId?: string | null; configuration?: unknown },
): Promise<ResolvedWidget> {
  const definition = definitions.get(input.provider);
  if (!definition) throw invalid([{ field: 'body/provider', message: `no widget type “${input.provider}”` }]);
  const preset = input.presetId ? definition.presets?.find((p) => p.id === input.presetId) : undefined;
  if (input.presetId && !preset) throw invalid([{ field: 'body/presetId', message: `no preset “${input.presetId}” of ${definition.id}` }]);
  const given = input.configuration ?? {};
  const laid = preset && typeof given === 'object' && given !== null && !Array.isArray(given) ? { ...preset.configuration, ...given } : given;
  const path = 'body/configuration';
  const n = normaliseConfiguration(definition.fields, laid, path);
  if (n.issues.length) throw invalid(n.issues);
  const configuration = definition.complete?.(n.value) ?? n.value;
  const rules = definition.check?.(configuration) ?? [];
  if (rules.length) throw invalid(rules.map((i) => ({ field: `${path}/${i.field}`, message: i.message })));
  const ids = [...new Set(n.sources.map((s) => s.id))];
  const bound = bindingIssues(n, configuration, await facts(ids));
  if (bound.length) throw invalid(bound);
  return { definition, presetId: preset?.id ?? null, configuration, dataSourceIds: ids };
}
