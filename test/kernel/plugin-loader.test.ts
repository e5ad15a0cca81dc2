import { expect } from 'chai';
import { asValue } from 'awilix';
import { Type } from '@sinclair/typebox';
import { exportRef } from '../../kernel/export-ref.js';
import { definePlugin, type PluginDef } from '../../kernel/plugin.js';
import { BootError, registerPlugins, sortPlugins } from '../../kernel/plugin-loader.js';
import { bootTestKernel, call } from '../support/test-kernel.js';

const plugin = (name: string, dependsOn: string[] = [], register: PluginDef['register'] = () => {}) => definePlugin({ name, dependsOn, register });
const ping = (path: string) => ({
  method: 'GET' as const,
  path,
  summary: 'ping',
  auth: { kind: 'public' as const },
  response: { status: 200, schema: Type.Object({}) },
  handler: () => ({}),
});

describe('plugin loader', () => {
  it('orders plugins after their dependencies, keeping the listed order otherwise', () => {
    const order = sortPlugins([plugin('c', ['b']), plugin('a'), plugin('b', ['a']), plugin('d')]).map((p) => p.name);
    expect(order).to.deep.equal(['a', 'b', 'c', 'd']);
  });

  it('refuses an unknown dependency, a cycle, a duplicate and a bad name with a clear boot error', () => {
    expect(() => sortPlugins([plugin('a', ['ghost'])])).to.throw(BootError, 'plugin "a" depends on unknown plugin "ghost"');
    expect(() => sortPlugins([plugin('a', ['b']), plugin('b', ['c']), plugin('c', ['a'])])).to.throw(BootError, 'cycle: a -> b -> c -> a');
    expect(() => sortPlugins([plugin('a'), plugin('a')])).to.throw(BootError, 'listed twice');
    expect(() => sortPlugins([plugin('Brand_Bug')])).to.throw(BootError, 'kebab-case');
  });

  it('refuses the same route from two plugins, a route without auth, and a job outside its namespace', () => {
    expect(() => registerPlugins([plugin('a', [], (r) => r.routes([ping('/x/{id}')])), plugin('b', [], (r) => r.routes([ping('/x/{key}')]))])).to.throw(
      BootError,
      'route GET /x/{} is registered by both "a" and "b"',
    );
    const noAuth = { ...ping('/y'), auth: undefined } as never;
    expect(() => registerPlugins([plugin('a', [], (r) => r.routes([noAuth]))])).to.throw(BootError, 'declares no auth');
    const job = { name: 'other.do-thing', payload: Type.Object({}), handler: async () => {} };
    expect(() => registerPlugins([plugin('a', [], (r) => r.jobs([job]))])).to.throw(BootError, 'must be named "a.<verb-noun>"');
  });

  it('refuses to export what a plugin does not provide', () => {
    expect(() => registerPlugins([plugin('a', [], (r) => r.provide({ x: asValue(1) }, { exports: ['y'] }))])).to.throw(BootError, 'exports "y"');
  });

  describe('export refs', () => {
    const greetingRef = exportRef<string>('provider', 'greeting');
    const provider = plugin('provider', [], (r) => r.export(greetingRef, asValue('hello')));
    const consumer = (name: string, dependsOn: string[]) => definePlugin({ name, dependsOn, uses: { greeting: greetingRef }, register: () => {} });

    it('refuses a plugin that uses a ref its dependency does not export, naming the plugin and the ref', () => {
      const silent = plugin('provider');
      expect(() => registerPlugins([silent, consumer('reader', ['provider'])])).to.throw(
        BootError,
        'plugin "reader" uses "greeting" of "provider", which "provider" does not export',
      );
    });

    it('refuses a ref of a module that is not among its dependencies, even when that module is loaded', () => {
      expect(() => registerPlugins([provider, consumer('reader', [])])).to.throw(
        BootError,
        'plugin "reader" uses "greeting" of "provider", but "provider" is not among its dependencies (dependsOn)',
      );
    });

    it("refuses a plugin providing another module's ref, and a used name the plugin also provides", () => {
      expect(() => registerPlugins([plugin('impostor', [], (r) => r.export(greetingRef, asValue('hi')))])).to.throw(
        BootError,
        'plugin "impostor" provides "greeting" of "provider": only "provider" may',
      );
      const clash = definePlugin({
        name: 'reader',
        dependsOn: ['provider'],
        uses: { greeting: greetingRef },
        register: (r) => r.provide({ greeting: asValue('own') }),
      });
      expect(() => registerPlugins([provider, clash])).to.throw(BootError, 'as "greeting", a name it also provides itself');
    });

    it('gives a used ref under the name the consumer chose, from a dependency of a dependency too', async () => {
      const middle = plugin('middle', ['provider']);
      const reader = (name: string, dependsOn: string[]) =>
        definePlugin({
          name,
          dependsOn,
          uses: { salutation: greetingRef },
          register: (r) =>
            r.routes([
              {
                ...ping(`/greeting/${name}`),
                response: { status: 200, schema: Type.Object({ value: Type.String() }) },
                handler: ({ deps }) => ({ value: deps.salutation }),
              },
            ]),
        });
      const k = await bootTestKernel({ plugins: [provider, middle, reader('direct', ['provider']), reader('transitive', ['middle'])] });
      try {
        expect((await call(k, 'GET', '/greeting/direct')).body.data.value).to.equal('hello');
        expect((await call(k, 'GET', '/greeting/transitive')).body.data.value).to.equal('hello');
      } finally {
        await k.stop();
      }
    });
  });

  describe('containers', () => {
    const provider = plugin('provider', [], (r) => r.provide({ shared: asValue('shared value'), hidden: asValue('private value') }, { exports: ['shared'] }));
    const probe = (name: string, dependsOn: string[], key: string) =>
      plugin(name, dependsOn, (r) =>
        r.routes([
          {
            ...ping(`/probe/${name}`),
            response: { status: 200, schema: Type.Object({ value: Type.String() }) },
            handler: ({ deps }: { deps: Record<string, string> }) => {
              try {
                return { value: String(deps[key]) };
              } catch {
                return { value: 'unresolvable' };
              }
            },
          },
        ]),
      );

    it('lets a plugin resolve what its dependencies export, and nothing private or undeclared', async () => {
      const k = await bootTestKernel({
        plugins: [provider, probe('user', ['provider'], 'shared'), probe('snoop', ['provider'], 'hidden'), probe('stranger', [], 'shared')],
      });
      try {
        expect((await call(k, 'GET', '/probe/user')).body.data.value).to.equal('shared value');
        expect((await call(k, 'GET', '/probe/snoop')).body.data.value).to.equal('unresolvable');
        expect((await call(k, 'GET', '/probe/stranger')).body.data.value).to.equal('unresolvable');
      } finally {
        await k.stop();
      }
    });
  });
});
