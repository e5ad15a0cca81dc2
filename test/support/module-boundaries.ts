import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/** A source file of a module or of the kernel, as the boundary check reads it. */
export interface SourceFile {
  /** Path from the project root, with `/`: `core-modules/player/manifest.service.ts`. */
  path: string;
  text: string;
}

/**
 * Every way a file can load another: `import … from`, `export … from` (`export *` included), a
 * side-effect `import './x.js'`, and `import('./x.js')` (a dynamic import or a type query). A
 * statement starts a line, so a `from '…'` inside a string or a call is not taken for one.
 */
const IMPORT =
  /^\s*(?:import|export)\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\}|[\w$]+)\s*from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;
const MODULE_ROOTS = ['core-modules', 'plugins'];
/** Top-level folders that are one module each (`installers/`), named as the folder. */
const TOP_LEVEL_MODULES = ['installers'];
/** What the kernel must not reach: it knows no feature, and the entry points that list them sit above it. */
const ABOVE_KERNEL = ['core-modules', 'plugins', 'jobs', ...TOP_LEVEL_MODULES];

/** `core-modules/media/...` → `media`, `installers/...` → `installers`; files outside a module folder (the index lists) → undefined. */
function moduleOf(path: string): string | undefined {
  const [root, name, ...rest] = path.split('/');
  if (root !== undefined && TOP_LEVEL_MODULES.includes(root) && name !== undefined) return root;
  return root !== undefined && MODULE_ROOTS.includes(root) && rest.length > 0 ? name : undefined;
}

const faceOf = (path: string) => {
  const [root, name] = path.split('/');
  return TOP_LEVEL_MODULES.includes(root!) ? `${root}/${root}.api.ts` : `${root}/${name}/${name}.api.ts`;
};

/** The relative imports of a file, as project paths of the `.ts` files they load. */
export function importsOf(file: SourceFile): string[] {
  const targets: string[] = [];
  for (const match of file.text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (spec === undefined || !spec.startsWith('.')) continue;
    targets.push(
      normalize(join(dirname(file.path), spec))
        .split(sep)
        .join('/')
        .replace(/\.js$/, '.ts'),
    );
  }
  return targets;
}

/**
 * Imports that break the house rules: the kernel imports no feature (nothing under core-modules/,
 * plugins/ or jobs/); another module is reached only through its face (`<module>/<module>.api.ts`),
 * only when the importer depends on it (`dependsOn`, transitively); and no file but the index lists
 * imports a `*.plugin.ts` (that is where import circles start).
 */
export function boundaryViolations(files: SourceFile[], dependencies: (module: string) => Set<string>): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const from = moduleOf(file.path);
    for (const target of importsOf(file)) {
      if (file.path.startsWith('kernel/') && ABOVE_KERNEL.some((root) => target.startsWith(`${root}/`))) {
        problems.push(`${file.path} imports ${target}: the kernel knows no feature (entry points that list them live in jobs/)`);
        continue;
      }
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

/** The modules each module may use: its `dependsOn`, and theirs, transitively. */
export function dependencyClosure(modules: { name: string; dependsOn?: string[] }[]): (module: string) => Set<string> {
  const byName = new Map(modules.map((m) => [m.name, m]));
  return (name) => {
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
  };
}

/** Every TypeScript file of the kernel and of every module (tests excluded). */
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
  for (const root of ['kernel', ...MODULE_ROOTS, ...TOP_LEVEL_MODULES]) walk(join(projectRoot, root));
  return files;
}
