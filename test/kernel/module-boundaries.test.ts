import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { optionalPlugins } from '../../plugins/index.js';
import { boundaryViolations, dependencyClosure, moduleSources } from '../support/module-boundaries.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVICE = 'plugins/countdown-bar/countdown.service.ts';

describe('module boundaries', () => {
  it('the kernel imports no feature, and every import of another module goes through its face, and only to a module it depends on', () => {
    const problems = boundaryViolations(moduleSources(ROOT), dependencyClosure([...coreModules, ...optionalPlugins]));
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('reads the kernel as well as the modules', () => {
    const paths = moduleSources(ROOT).map((f) => f.path);
    expect(paths).to.include.members(['kernel/kernel.ts', 'core-modules/player/player.api.ts', 'plugins/index.ts']);
  });

  it('catches an import that bypasses a face, one of a module not depended on, and one of a plugin file', () => {
    const file = {
      path: SERVICE,
      text: [
        "import type { AssetRow } from '../../core-modules/media/assets.repository.js';",
        "import type { MediaLibrary } from '../../core-modules/media/media.api.js';",
        "import type { ScreenTargets } from '../../core-modules/screens/screens.api.js';",
        "import type { CountdownDeps } from './countdown-bar.plugin.js';",
      ].join('\n'),
    };
    expect(boundaryViolations([file], () => new Set(['screens']))).to.deep.equal([
      `${SERVICE} imports core-modules/media/assets.repository.ts: reach media through core-modules/media/media.api.ts`,
      `${SERVICE} imports media, which is not among its dependencies`,
      `${SERVICE} imports media, which is not among its dependencies`,
      `${SERVICE} imports plugins/countdown-bar/countdown-bar.plugin.ts: a plugin file is imported by the index lists only (put shared types in their own file)`,
    ]);
  });

  it('catches side-effect imports, re-exports (`export *` too) and dynamic imports, over several lines', () => {
    const file = {
      path: SERVICE,
      text: [
        "import '../../core-modules/media/media-types.js';",
        "export * from '../../core-modules/media/assets.repository.js';",
        "export * as library from '../../core-modules/media/media.api.js';",
        "export { type Organization } from '../../core-modules/auth/auth.api.js';",
        'import {',
        '  a,',
        '  type B,',
        "} from '../../core-modules/playlists/playlists.api.js';",
        "type Lazy = typeof import('../../core-modules/forms/forms.api.js');",
        // Not imports: text that only looks like a specifier.
        "const label = Array.from('../../core-modules/media/x.js');",
      ].join('\n'),
    };
    expect(boundaryViolations([file], () => new Set(['screens']))).to.deep.equal([
      `${SERVICE} imports core-modules/media/media-types.ts: reach media through core-modules/media/media.api.ts`,
      `${SERVICE} imports media, which is not among its dependencies`,
      `${SERVICE} imports core-modules/media/assets.repository.ts: reach media through core-modules/media/media.api.ts`,
      `${SERVICE} imports media, which is not among its dependencies`,
      `${SERVICE} imports media, which is not among its dependencies`,
      `${SERVICE} imports auth, which is not among its dependencies`,
      `${SERVICE} imports playlists, which is not among its dependencies`,
      `${SERVICE} imports forms, which is not among its dependencies`,
    ]);
  });

  it('catches the kernel importing a module, a plugin or an entry point', () => {
    const file = {
      path: 'kernel/system/system.plugin.ts',
      text: [
        "import { coreModules } from '../../core-modules/index.js';",
        "import type { Organization } from '../../core-modules/auth/auth.api.js';",
        "import '../../plugins/index.js';",
        "import { systemJobs } from '../../jobs/system-jobs.js';",
        "import { definePlugin } from '../plugin.js';",
      ].join('\n'),
    };
    expect(boundaryViolations([file], () => new Set())).to.deep.equal(
      ['core-modules/index.ts', 'core-modules/auth/auth.api.ts', 'plugins/index.ts', 'jobs/system-jobs.ts'].map(
        (target) => `kernel/system/system.plugin.ts imports ${target}: the kernel knows no feature (entry points that list them live in jobs/)`,
      ),
    );
  });

  it('lets a module use what its dependencies depend on, transitively, and nothing else', () => {
    const closure = dependencyClosure([
      { name: 'a', dependsOn: ['b'] },
      { name: 'b', dependsOn: ['c'] },
      { name: 'c', dependsOn: ['a'] }, // a cycle must not loop
      { name: 'd' },
    ]);
    expect([...closure('a')].sort()).to.deep.equal(['a', 'b', 'c']);
    expect([...closure('d')]).to.deep.equal([]);
    const file = {
      path: 'plugins/x/x.service.ts',
      text: "import type { ScreenTargets } from '../../core-modules/screens/screens.api.js';",
    };
    const x = dependencyClosure([
      { name: 'x', dependsOn: ['player'] },
      { name: 'player', dependsOn: ['screens'] },
    ]);
    expect(boundaryViolations([file], x)).to.deep.equal([]);
    expect(boundaryViolations([file], dependencyClosure([{ name: 'x', dependsOn: ['player'] }]))).to.deep.equal([
      'plugins/x/x.service.ts imports screens, which is not among its dependencies',
    ]);
  });
});
