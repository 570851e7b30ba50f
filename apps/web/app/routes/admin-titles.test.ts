import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every page of the admin area is titled "<page> · Admin | Everdeal" (the dashboard "Admin |
// Everdeal"), so a browser's tabs and history tell the admin's pages from the shop's ones.

const routesDir = dirname(fileURLToPath(import.meta.url));
const adminPages = readdirSync(routesDir).filter(
  (file) => /^admin-[\w-]+\.tsx$/.test(file) && file !== 'admin-layout.tsx',
);

type MetaDescriptor = { title?: string };
type RouteModule = { meta?: (args: Record<string, unknown>) => MetaDescriptor[] };

describe('admin page titles', () => {
  it('finds the admin pages', () => {
    expect(adminPages.length).toBeGreaterThan(10);
  });

  it.each(adminPages)('%s is titled "… · Admin | Everdeal"', async (file) => {
    const route = (await import(`./${file.replace(/\.tsx$/, '')}.tsx`)) as RouteModule;
    const title = route
      .meta?.({ params: {}, data: undefined, loaderData: undefined, matches: [] })
      ?.find((descriptor) => descriptor.title)?.title;
    expect(title).toMatch(/^\S.* · Admin \| Everdeal$/);
  });
});
