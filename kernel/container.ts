import { asFunction, createContainer, InjectionMode, type AwilixContainer, type Resolver } from 'awilix';
import type { LoadedPlugin } from './plugin-loader.js';

/**
 * One container per plugin. It sees the kernel's services, the exports of the plugins it names in
 * `dependsOn`, the refs it `uses` (under the names it gives them; the loader has checked each one
 * is exported by a dependency) and its own registrations; nothing else, so a plugin cannot reach
 * into another one it did not declare.
 */
export function createPluginContainers(root: AwilixContainer, plugins: LoadedPlugin[]): Map<string, AwilixContainer> {
  const containers = new Map<string, AwilixContainer>();
  const byName = new Map(plugins.map((p) => [p.def.name, p]));
  for (const plugin of plugins) {
    const container = createContainer({ injectionMode: InjectionMode.PROXY });
    for (const key of Object.keys(root.registrations)) {
      container.register(
        key,
        asFunction(() => root.resolve(key)),
      );
    }
    for (const depName of plugin.def.dependsOn ?? []) {
      const dep = byName.get(depName)!;
      const depContainer = containers.get(depName)!;
      for (const key of dep.exports)
        container.register(
          key,
          asFunction(() => depContainer.resolve(key)),
        );
    }
    for (const [name, ref] of Object.entries(plugin.def.uses ?? {})) {
      if (!ref) continue;
      // Plugins are in dependency order, so the exporter's container already exists.
      const exporter = containers.get(ref.module)!;
      container.register(
        name,
        asFunction(() => exporter.resolve(ref.key)),
      );
    }
    container.register(plugin.registrations as Record<string, Resolver<unknown>>);
    containers.set(plugin.def.name, container);
  }
  return containers;
}
