import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/server/config.ts';
import { loadDeliveryConfig } from '../../src/server/delivery/config.ts';
import { NGINX, SHIPPED_CONFIG, nginxVersion } from '../fixtures/edge-proxy.ts';

// The compose file for several replicas (deploy/compose/compose.yaml, decision 070) cannot be run
// here (no Docker, no registry for its images): it is read as compose reads it (YAML with anchors and
// merge keys, `${VAR:?…}` and `${VAR:-…}` substituted from .env.example's names), and each replica's
// settings go through the server's own configuration, as they would at its start.

const COMPOSE = 'deploy/compose/compose.yaml';
const UPSTREAM = 'deploy/compose/upstream.conf';
const ENV_EXAMPLE = 'deploy/compose/.env.example';

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  command?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  stop_signal?: string;
  stop_grace_period?: string;
  ports?: string[];
  volumes?: string[];
}

/** What an operator's .env would hold: a value for every required setting. */
const OPERATOR_ENV: Record<string, string> = {
  SITE_URL: 'https://www.geo.example',
  SUPABASE_URL: 'https://project.supabase.example',
  SUPABASE_ANON_KEY: 'anon-key',
  SUPABASE_SERVICE_ROLE_KEY: 'service-role-key',
  NEWSLETTER_SECRET: 'a'.repeat(64),
};

/** Compose's interpolation: `${VAR}`, `${VAR:-default}` and `${VAR:?error}` (an error when unset). */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(
    /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
    (_all, name: string, kind?: string, rest?: string) => {
      const value = env[name];
      if (value !== undefined && value !== '') return value;
      if (kind === '?') throw new Error(`${name}: ${rest}`);
      return kind === '-' ? (rest ?? '') : '';
    },
  );
}

function services(env = OPERATOR_ENV): Record<string, Service> {
  const text = interpolate(readFileSync(COMPOSE, 'utf8'), env);
  return (parse(text, { merge: true }) as { services: Record<string, Service> }).services;
}

const apps = (all: Record<string, Service>) => Object.entries(all).filter(([name]) => /^app\d+$/.test(name));

describe('deploy/compose/compose.yaml', () => {
  it('starts three replicas, Redis and nginx', () => {
    const all = services();
    expect(Object.keys(all).sort()).toEqual(['app1', 'app2', 'app3', 'nginx', 'redis']);
    expect(all.redis!.image).toMatch(/^redis:7/);
    // Nothing of Redis is worth keeping: counts of a minute, reports of ten; every key has a TTL.
    expect(all.redis!.command).toEqual(expect.arrayContaining(['--save', '', '--appendonly', 'no']));
    expect(all.redis!.command?.join(' ')).toContain('--maxmemory-policy volatile-ttl');
    expect(all.nginx!.image).toMatch(/^nginx:/);
    expect(all.nginx!.ports).toEqual(['80:80']);
  });

  it('gives every replica the settings it needs, which the server accepts as they are', () => {
    for (const [name, app] of apps(services())) {
      const env = app.environment!;
      expect(env, name).toMatchObject({
        TRUST_PROXY: '1',
        REDIS_URL: 'redis://redis:6379',
        METRICS_PORT: '9464',
        METRICS_HOST: '0.0.0.0',
        HOST: '0.0.0.0',
      });
      const config = loadConfig(env);
      expect(config.redis?.url, name).toBe('redis://redis:6379');
      expect(config.supabaseUrl, name).toBe(OPERATOR_ENV.SUPABASE_URL);
      expect(config.trustProxy, name).toBe(1);
      expect(config.metrics.port, name).toBe(9464);
      expect(() => loadDeliveryConfig(env), name).not.toThrow();
      expect(env.NEWSLETTER_SECRET, name).toBe(OPERATOR_ENV.NEWSLETTER_SECRET);
      expect(env.SUPABASE_SERVICE_ROLE_KEY, name).toBe(OPERATOR_ENV.SUPABASE_SERVICE_ROLE_KEY);
    }
  });

  it('refuses to start without the shared store and keys, naming what is missing', () => {
    for (const missing of Object.keys(OPERATOR_ENV)) {
      const env = { ...OPERATOR_ENV, [missing]: '' };
      expect(() => services(env), missing).toThrow(new RegExp(`^${missing}: set ${missing}`));
    }
    // .env.example names every one of them.
    const example = readFileSync(ENV_EXAMPLE, 'utf8');
    for (const name of Object.keys(OPERATOR_ENV)) expect(example).toMatch(new RegExp(`^${name}=`, 'm'));
  });

  it('takes a replica out by /readyz, and gives the drain on SIGTERM its time', () => {
    const all = services();
    for (const [name, app] of apps(all)) {
      expect(app.healthcheck?.test.join(' '), name).toContain('/readyz');
      expect(app.stop_signal, name).toBe('SIGTERM');
      // SHUTDOWN_GRACE_MS of service, then up to 10 s for requests in flight (server.ts), before
      // Docker's SIGKILL.
      const grace = Number(app.environment!.SHUTDOWN_GRACE_MS) / 1000;
      expect(Number(/^(\d+)s$/.exec(app.stop_grace_period ?? '')?.[1]), name).toBeGreaterThanOrEqual(
        grace + 10,
      );
      expect(app.depends_on?.redis?.condition, name).toBe('service_healthy');
      // Never published: only nginx reaches a replica, so X-Forwarded-For is nginx's.
      expect(app.ports, name).toBeUndefined();
    }
    // nginx starts once every replica is ready.
    expect(Object.keys(all.nginx!.depends_on ?? {}).sort()).toEqual(apps(all).map(([n]) => n));
  });

  it('lists the same replicas as nginx’s upstream, with the shipped server block', () => {
    const all = services();
    const upstream = readFileSync(UPSTREAM, 'utf8');
    const servers = [...upstream.matchAll(/^\s*server (\S+?):(\d+)\b/gm)].map((m) => `${m[1]}:${m[2]}`);
    expect(servers).toEqual(apps(all).map(([name, app]) => `${name}:${app.environment!.PORT}`));
    expect(upstream).toMatch(/^upstream geo_platform \{/m);
    expect(all.nginx!.volumes).toEqual([
      '../nginx/geo-platform.conf:/etc/nginx/conf.d/default.conf:ro',
      './upstream.conf:/etc/nginx/conf.d/upstream.conf:ro',
    ]);
    // The server block names that upstream and defines none of its own.
    const site = readFileSync('deploy/nginx/geo-platform.conf', 'utf8');
    expect(site).toContain('proxy_pass http://geo_platform;');
    expect(site).not.toMatch(/^upstream /m);
  });

  // As edge-cache-nginx.test.ts: nginx is a test prerequisite, required under CI.
  it.skipIf(!nginxVersion() && !process.env.CI)(
    'gives nginx a configuration it accepts (nginx -t), the replicas’ names put on loopback',
    () => {
      // nginx -t resolves every upstream's name: compose's network is not here, loopback stands in.
      const dir = mkdtempSync(path.join(tmpdir(), 'geo-compose-nginx-'));
      try {
        const upstream = readFileSync(UPSTREAM, 'utf8').replace(
          /server app(\d+):3000/g,
          'server 127.0.0.1:300$1',
        );
        const site = readFileSync(SHIPPED_CONFIG, 'utf8')
          .replace('/var/cache/nginx/geo-platform ', `${dir}/cache `)
          .replace('listen 80;', `listen unix:${dir}/nginx.sock;`);
        mkdirSync(path.join(dir, 'conf.d'));
        writeFileSync(path.join(dir, 'conf.d', 'upstream.conf'), upstream);
        writeFileSync(path.join(dir, 'conf.d', 'default.conf'), site);
        writeFileSync(
          path.join(dir, 'nginx.conf'),
          [
            `pid ${dir}/nginx.pid;`,
            'events {}',
            'http {',
            ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
              (t) => `  ${t}_temp_path ${dir}/${t};`,
            ),
            // As the nginx image's nginx.conf does: conf.d/*.conf.
            `  include ${dir}/conf.d/*.conf;`,
            '}',
            '',
          ].join('\n'),
        );
        const test = spawnSync(
          NGINX,
          ['-t', '-p', `${dir}/`, '-c', `${dir}/nginx.conf`, '-e', `${dir}/error.log`],
          {
            encoding: 'utf8',
          },
        );
        expect(test.stderr).toContain('test is successful');
        expect(test.status).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
