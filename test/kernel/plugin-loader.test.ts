import { expect } from 'chai';
import { asValue } from 'awilix';
import { Type } from '@sinclair/typebox';
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
