import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { optionalPlugins } from '../../plugins/index.js';
import { boundaryViolations, moduleSources } from '../support/module-boundaries.js';

const byName = new Map([...coreModules, ...optionalPlugins].map((p) => [p.name, p]));

/** The modules `name` may use: its `dependsOn`, transitively. */
function dependencies(name: string): Set<string> {
  const found = new Set<string>();
  const visit = (n: string) => {
    for (const dep of byName.get(n)?.dependsOn ?? []) {
      if (found.has(dep)) continue;
      found.add(dep);
      visit(dep);
    }
  };
  visit(name);
  return found;
}

describe('module boundaries', () => {
  it('every import of another module goes through its face, and only to a module it depends on', () => {
    const problems = boundaryViolations(moduleSources(fileURLToPath(new URL('../..', import.meta.url))), dependencies);
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('catches an import that bypasses a face, one of a module not depended on, and one of a plugin file', () => {
    const file = {
      path: 'plugins/countdown-bar/countdown.service.ts',
      text: [
        "import type { AssetRow } from '../../core-modules/media/assets.repository.js';",
        "import type { MediaLibrary } from '../../core-modules/media/media.api.js';",
        "import type { ScreenTargets } from '../../core-modules/screens/screens.api.js';",
        "import type { CountdownDeps } from './countdown-bar.plugin.js';",
      ].join('\n'),
    };
    expect(boundaryViolations([file], () => new Set(['screens']))).to.deep.equal([
      'plugins/countdown-bar/countdown.service.ts imports core-modules/media/assets.repository.ts: reach media through core-modules/media/media.api.ts',
      'plugins/countdown-bar/countdown.service.ts imports media, which is not among its dependencies',
      'plugins/countdown-bar/countdown.service.ts imports media, which is not among its dependencies',
      'plugins/countdown-bar/countdown.service.ts imports plugins/countdown-bar/countdown-bar.plugin.ts: a plugin file is imported by the index lists only (put shared types in their own file)',
    ]);
  });
});
