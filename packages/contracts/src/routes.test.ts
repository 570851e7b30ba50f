import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ApiRouteDefinition, apiRoutes } from './routes';

/**
 * Every `<domain>Routes` table under routes/, found by file rather than listed here, so a domain
 * file that routes.ts forgets to spread fails this test as well as a key defined twice.
 */
async function loadDomainTables(): Promise<Map<string, Record<string, ApiRouteDefinition>>> {
  const folder = new URL('./routes/', import.meta.url);
  const tables = new Map<string, Record<string, ApiRouteDefinition>>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    const module: Record<string, unknown> = await import(new URL(file, folder).href);
    for (const [name, value] of Object.entries(module)) {
      if (name.endsWith('Routes')) tables.set(`${file}: ${name}`, value as Record<string, ApiRouteDefinition>);
    }
  }
  return tables;
}

describe('the assembled route table', () => {
  it('has as many keys as the domain tables together: no key is defined in two of them', async () => {
    const tables = await loadDomainTables();
    const owners = new Map<string, string[]>();
    for (const [table, routes] of tables) {
      for (const path of Object.keys(routes)) owners.set(path, [...(owners.get(path) ?? []), table]);
    }
    const definedTwice = [...owners].filter(([, tablesOfPath]) => tablesOfPath.length > 1);
    expect(definedTwice).toEqual([]);
    const domainKeyCount = [...tables.values()].reduce((sum, routes) => sum + Object.keys(routes).length, 0);
    expect(Object.keys(apiRoutes)).toHaveLength(domainKeyCount);
  });
});
