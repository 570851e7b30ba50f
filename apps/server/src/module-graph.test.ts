import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The module rules of docs/decisions/028-server-modules.md, measured on the source itself: a
// module is entered only through its face (`modules/<name>/index.ts`; lint refuses a deep import
// too, biome.json), the modules depend on each other without a cycle, and no file imports itself
// back through others. Tests may reach a module's private files; production code may not.

const src = dirname(fileURLToPath(import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The relative imports of a file (values and types), resolved to files of `src`. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/g)].map((match) => match[1] ?? '');
  return specifiers.map((specifier) => {
    const target = resolve(dirname(file), specifier);
    for (const candidate of [`${target}.ts`, join(target, 'index.ts'), target]) {
      try {
        if (statSync(candidate).isFile()) return candidate;
      } catch {}
    }
    throw new Error(`${relative(src, file)} imports ${specifier}, which is not a file`);
  });
}

const files = sourceFiles(src);
const edges = new Map(files.map((file) => [file, importsOf(file)]));
const moduleOf = (file: string) => {
  const [top, name] = relative(src, file).split('/');
  return top === 'modules' ? name : undefined;
};

describe('server modules (decision 028)', () => {
  it('every module has a face, and no production file imports another module’s private file', () => {
    const modules = readdirSync(join(src, 'modules'));
    for (const name of modules) expect(statSync(join(src, 'modules', name, 'index.ts')).isFile()).toBe(true);
    const deep: string[] = [];
    for (const [file, targets] of edges) {
      for (const target of targets) {
        const targetModule = moduleOf(target);
        if (targetModule === undefined || targetModule === moduleOf(file)) continue;
        if (relative(join(src, 'modules', targetModule), target) !== 'index.ts') {
          deep.push(`${relative(src, file)} -> ${relative(src, target)}`);
        }
      }
    }
    expect(deep).toEqual([]);
  });

  it('modules depend on each other without a cycle', () => {
    const dependsOn = new Map<string, Set<string>>();
    for (const [file, targets] of edges) {
      const from = moduleOf(file);
      if (from === undefined) continue;
      for (const target of targets) {
        const to = moduleOf(target);
        if (to !== undefined && to !== from) dependsOn.set(from, (dependsOn.get(from) ?? new Set()).add(to));
      }
    }
    expect(findCycle(dependsOn)).toBeUndefined();
  });

  it('no file imports itself back through others', () => {
    const graph = new Map(
      [...edges].map(([file, targets]) => [relative(src, file), new Set(targets.map((t) => relative(src, t)))]),
    );
    expect(findCycle(graph)).toBeUndefined();
  });
});

/** A cycle of the graph as "a -> b -> a", or undefined (depth-first search with colours). */
function findCycle(graph: Map<string, Set<string>>): string | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'visiting') return [...path.slice(path.indexOf(node)), node].join(' -> ');
    state.set(node, 'visiting');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}
