import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/** A source file of a module, as the boundary check reads it. */
export interface SourceFile {
  /** Path from the project root, with `/`: `core-modules/player/manifest.service.ts`. */
  path: string;
  text: string;
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const MODULE_ROOTS = ['core-modules', 'plugins'];

/** `core-modules/media/...` → `media`; files outside a module folder (the index lists) → undefined. */
function moduleOf(path: string): string | undefined {
  const [root, name, ...rest] = path.split('/');
  return MODULE_ROOTS.includes(root!) && rest.length > 0 ? name : undefined;
}

const faceOf = (path: string) => {
  const [root, name] = path.split('/');
  return `${root}/${name}/${name}.api.ts`;
};

/**
 * Imports that break the module rules: another module is reached only through its face
 * (`<module>/<module>.api.ts`), only when the importer depends on it (`dependsOn`, transitively),
 * and no file but the index lists imports a `*.plugin.ts` (that is where import circles start).
 */
export function boundaryViolations(files: SourceFile[], dependencies: (module: string) => Set<string>): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const from = moduleOf(file.path);
    for (const match of file.text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2]!;
      if (!spec.startsWith('.')) continue;
      const target = normalize(join(dirname(file.path), spec))
        .split(sep)
        .join('/')
        .replace(/\.js$/, '.ts');
      const to = moduleOf(target);
      if (target.endsWith('.plugin.ts') && from !== undefined)
        problems.push(`${file.path} imports ${target}: a plugin file is imported by the index lists only (put shared types in their own file)`);
      if (from === undefined || to === undefined || to === from) continue;
      if (target !== faceOf(target)) problems.push(`${file.path} imports ${target}: reach ${to} through ${faceOf(target)}`);
      if (!dependencies(from).has(to)) problems.push(`${file.path} imports ${to}, which is not among its dependencies`);
    }
  }
  return problems;
}

/** Every TypeScript file of every module (tests excluded). */
export function moduleSources(projectRoot: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts'))
        files.push({ path: relative(projectRoot, full).split(sep).join('/'), text: readFileSync(full, 'utf8') });
    }
  };
  for (const root of MODULE_ROOTS) walk(join(projectRoot, root));
  return files;
}
