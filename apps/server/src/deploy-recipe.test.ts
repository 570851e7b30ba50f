import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The container recipe (Dockerfile, compose.yaml, deploy/nginx.conf; docs/operations.md
 * "Containers") cannot be built or started on machines without a container engine, so this
 * checks what can drift without one: the files parse, every command they run is a file the
 * server's build makes, and the rules operations.md states (roles, migrations once, a non-root
 * user, a health check, production dependencies only) are in them.
 */
const root = resolve(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** `apps/server/dist/x.js` for every `src/x.ts` entry of apps/server/build.mjs. */
function builtFiles(): string[] {
  const entries = [...read('apps/server/build.mjs').matchAll(/'src\/([\w-]+)\.ts'/g)].map((match) => match[1]);
  return entries.map((name) => `apps/server/dist/${name}.js`);
}

type Service = {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  ports?: string[];
  volumes?: string[];
};

describe('the container recipe', () => {
  // Merge keys (`<<: *everdeal`) as Compose reads them.
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const dockerfile = read('Dockerfile');

  it('compose.yaml: PostgreSQL, Redis, migrations once, scalable web instances, one worker, a proxy', () => {
    const { services } = compose;
    expect(Object.keys(services).sort()).toEqual(['migrate', 'postgres', 'proxy', 'redis', 'web', 'worker']);
    const { migrate, web, worker, proxy } = services as Record<string, Service>;
    expect(migrate?.command).toEqual(['node', 'apps/server/dist/db-migrate-cli.js']);
    expect(migrate?.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(web?.environment?.ROLE).toBe('web');
    expect(web?.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(web?.ports).toBeUndefined();
    expect(worker?.command).toEqual(['node', 'apps/server/dist/worker.js']);
    for (const service of [web, worker]) {
      expect(service?.depends_on?.migrate?.condition).toBe('service_completed_successfully');
      expect(service?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(service?.environment?.REDIS_URL).toBe('redis://redis:6379');
    }
    // No password in the file: compose refuses to start without POSTGRES_PASSWORD.
    expect(read('compose.yaml')).toContain('${POSTGRES_PASSWORD:?');
    expect(proxy?.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(existsSync(join(root, 'deploy/nginx.conf'))).toBe(true);
  });

  it('every command the recipe runs is a file of the server build', () => {
    const named = [...`${read('compose.yaml')}\n${dockerfile}`.matchAll(/apps\/server\/dist\/[\w-]+\.js/g)].map(
      (match) => match[0],
    );
    expect(named.length).toBeGreaterThan(3);
    const built = builtFiles();
    for (const file of new Set(named)) expect(built, file).toContain(file);
  });

  it('Dockerfile: Node 22 LTS, several stages, production dependencies only, not root, a health check', () => {
    const stages = dockerfile.split('\n').filter((line) => line.startsWith('FROM '));
    expect(stages.length).toBe(3);
    expect(dockerfile).toContain('ARG NODE_IMAGE=node:22-bookworm-slim');
    const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(final).toContain('USER node');
    expect(final).not.toMatch(/npm (ci|install)/);
    expect(final).toContain('COPY --from=production-dependencies /app ./');
    expect(dockerfile).toContain('npm ci --omit=dev');
    expect(final).toMatch(
      /HEALTHCHECK [^\n]*\\\n\s+CMD \["node", "-e", "fetch\('http:\/\/127\.0\.0\.1:' \+ \(process\.env\.PORT/,
    );
    expect(final).toContain("/health')");
    expect(final).toContain('CMD ["node", "apps/server/dist/main.js"]');
    // Every workspace's manifest is copied before the install, or npm ci refuses the lockfile.
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const workspace of workspaces) expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  });

  it('.dockerignore keeps installed and built files, local data and secrets out of the build', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const pattern of ['**/node_modules', '**/dist', '**/build', '.env', 'data', '.git']) {
      expect(ignored).toContain(pattern);
    }
  });

  it('deploy/nginx.conf is the proxy of docs/operations.md: body limits, forwarded address, request id', () => {
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toContain('server web:3000');
    expect(nginx).toContain('client_max_body_size 6m;');
    expect(nginx).toContain('client_max_body_size 17m;');
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(nginx).toContain('proxy_set_header X-Request-Id $request_id;');
    expect(nginx).toContain('proxy_next_upstream error timeout;');
  });
});
