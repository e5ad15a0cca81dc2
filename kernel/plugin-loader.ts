import type { NameAndRegistrationPair } from 'awilix';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import type { CredentialKind } from './auth/principal.js';
import { describeRef } from './export-ref.js';
import type { CommandDef, Hook, JobDef, PluginDef, ReadinessCheck, RouteDef, SocketRouteDef } from './plugin.js';
import type { Authenticator } from './auth/principal.js';

/** A mistake in how plugins are put together: the server refuses to start. */
export class BootError extends Error {
  override name = 'BootError';
}

/** Everything one plugin declared in `register`, before any I/O. */
export interface LoadedPlugin {
  def: PluginDef;
  registrations: NameAndRegistrationPair<any>;
  exports: Set<string>;
  routes: RouteDef[];
  sockets: SocketRouteDef[];
  jobs: JobDef[];
  authenticators: Partial<Record<CredentialKind, (deps: any) => Authenticator<any>>>;
  readiness: ((deps: any) => ReadinessCheck)[];
  commands: CommandDef[];
  middleware: { factory: (deps: any, app: Koa) => Middleware; first: boolean }[];
  onStart: Hook<any>[];
  onStop: Hook<any>[];
}

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Orders plugins so each comes after everything it depends on; refuses unknown names and cycles. */
export function sortPlugins(plugins: PluginDef[]): PluginDef[] {
  const byName = new Map<string, PluginDef>();
  for (const p of plugins) {
    if (!NAME.test(p.name)) throw new BootError(`plugin name "${p.name}" is not kebab-case`);
    if (byName.has(p.name)) throw new BootError(`plugin "${p.name}" is listed twice`);
    byName.set(p.name, p);
  }
  const sorted: PluginDef[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (p: PluginDef, path: string[]) => {
    if (state.get(p.name) === 'done') return;
    if (state.get(p.name) === 'visiting') {
      const cycle = [...path.slice(path.indexOf(p.name)), p.name].join(' -> ');
      throw new BootError(`plugin dependency cycle: ${cycle}`);
    }
    state.set(p.name, 'visiting');
    for (const dep of p.dependsOn ?? []) {
      const target = byName.get(dep);
      if (!target) throw new BootError(`plugin "${p.name}" depends on unknown plugin "${dep}"`);
      visit(target, [...path, p.name]);
    }
    state.set(p.name, 'done');
    sorted.push(p);
  };
  for (const p of plugins) visit(p, []);
  return sorted;
}

/** Runs each plugin's `register` and collects what it declared. */
export function registerPlugins(plugins: PluginDef[]): LoadedPlugin[] {
  const loaded = sortPlugins(plugins).map(collect);
  checkUnique(loaded);
  checkUses(loaded);
  return loaded;
}

/** The plugins `plugin` may take exports from: its `dependsOn`, transitively (they all start before it). */
function dependenciesOf(plugin: LoadedPlugin, byName: Map<string, LoadedPlugin>): Set<string> {
  const found = new Set<string>();
  const visit = (p: LoadedPlugin) => {
    for (const dep of p.def.dependsOn ?? []) {
      if (found.has(dep)) continue;
      found.add(dep);
      visit(byName.get(dep)!);
    }
  };
  visit(plugin);
  return found;
}

/** Every ref a plugin uses is exported by a plugin it depends on, under a name it does not provide itself. */
function checkUses(plugins: LoadedPlugin[]) {
  const byName = new Map(plugins.map((p) => [p.def.name, p]));
  for (const p of plugins) {
    const uses = Object.entries(p.def.uses ?? {});
    if (!uses.length) continue;
    const deps = dependenciesOf(p, byName);
    for (const [name, ref] of uses) {
      if (!ref) continue;
      const what = `plugin "${p.def.name}" uses ${describeRef(ref)}`;
      if (!deps.has(ref.module)) throw new BootError(`${what}, but "${ref.module}" is not among its dependencies (dependsOn)`);
      if (!byName.get(ref.module)!.exports.has(ref.key)) throw new BootError(`${what}, which "${ref.module}" does not export`);
      if (name in p.registrations) throw new BootError(`${what} as "${name}", a name it also provides itself`);
    }
  }
}

function collect(def: PluginDef): LoadedPlugin {
  const p: LoadedPlugin = {
    def,
    registrations: {},
    exports: new Set(),
    routes: [],
    sockets: [],
    jobs: [],
    authenticators: {},
    readiness: [],
    commands: [],
    middleware: [],
    onStart: [],
    onStop: [],
  };
  const provide = (registrations: NameAndRegistrationPair<any>, options?: { exports?: string[] }) => {
    for (const key of Object.keys(registrations)) {
      if (key in p.registrations) throw new BootError(`plugin "${def.name}" provides "${key}" twice`);
    }
    Object.assign(p.registrations, registrations);
    for (const key of options?.exports ?? []) {
      if (!(key in registrations)) throw new BootError(`plugin "${def.name}" exports "${key}" which it does not provide`);
      p.exports.add(key);
    }
  };
  def.register({
    provide,
    export(ref, resolver) {
      if (ref.module !== def.name) throw new BootError(`plugin "${def.name}" provides ${describeRef(ref)}: only "${ref.module}" may`);
      provide({ [ref.key]: resolver }, { exports: [ref.key] });
    },
    routes: (defs) => p.routes.push(...defs),
    sockets: (defs) => p.sockets.push(...defs),
    jobs(defs) {
      for (const job of defs) {
        if (!job.name.startsWith(`${def.name}.`)) {
          throw new BootError(`job "${job.name}" of plugin "${def.name}" must be named "${def.name}.<verb-noun>"`);
        }
      }
      p.jobs.push(...defs);
    },
    authenticator(kind, factory) {
      if (p.authenticators[kind]) throw new BootError(`plugin "${def.name}" provides the ${kind} authenticator twice`);
      p.authenticators[kind] = factory;
    },
    readiness: (factory) => p.readiness.push(factory),
    commands: (defs) => p.commands.push(...defs),
    middleware: (factory, options) => p.middleware.push({ factory, first: options?.first ?? false }),
    onStart: (hook) => p.onStart.push(hook),
    onStop: (hook) => p.onStop.push(hook),
  });
  for (const route of p.routes) {
    if (!route.auth) throw new BootError(`route ${route.method} ${route.path} of plugin "${def.name}" declares no auth`);
  }
  for (const socket of p.sockets) {
    if (!socket.auth) throw new BootError(`socket ${socket.path} of plugin "${def.name}" declares no auth`);
  }
  return p;
}

/** Two plugins must not claim the same route, socket path, job, export or authenticator. */
function checkUnique(plugins: LoadedPlugin[]) {
  const seen = new Map<string, string>();
  const claim = (what: string, owner: string) => {
    const previous = seen.get(what);
    if (previous) throw new BootError(`${what} is registered by both "${previous}" and "${owner}"`);
    seen.set(what, owner);
  };
  for (const p of plugins) {
    for (const r of p.routes) claim(`route ${r.method} ${r.path.replace(/\{[^}]+\}/g, '{}')}`, p.def.name);
    for (const s of p.sockets) claim(`socket GET ${s.path.replace(/\{[^}]+\}/g, '{}')}`, p.def.name);
    for (const j of p.jobs) claim(`job ${j.name}`, p.def.name);
    for (const c of p.commands) claim(`command "${c.name}"`, p.def.name);
    for (const e of p.exports) claim(`export "${e}"`, p.def.name);
    for (const k of Object.keys(p.authenticators)) claim(`the ${k} authenticator`, p.def.name);
  }
  // A socket path shares the URL space with routes: a GET route on the same path would shadow it.
  for (const p of plugins) {
    for (const s of p.sockets) {
      if (seen.has(`route GET ${s.path.replace(/\{[^}]+\}/g, '{}')}`)) throw new BootError(`socket ${s.path} collides with a GET route`);
    }
  }
}
