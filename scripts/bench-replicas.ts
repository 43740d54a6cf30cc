import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Options } from 'express-rate-limit';
import pino from 'pino';
import { Registry } from 'prom-client';
import { limitStore } from '../src/server/rate-limit.ts';
import { createSharedState } from '../src/server/shared-state.ts';
import { freePort, startRedis } from '../tests/support/redis-server.ts';
import { waitForAnswer } from './built-server.ts';
import { startBenchNginx } from './bench-nginx.ts';

// npm run bench, replicas (decision 070): the cached page's throughput of three replicas behind
// nginx against one, and the cost of the shared limit (Redis round trips) per request, on the
// production build (dist/), loopback only. nginx here only balances (its cache is off, else it
// would answer instead of the replicas); every replica's site-wide limit is on, set high enough
// never to refuse, so that each request pays for the limit as in production.

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PAGE = '/en/guide';
const HUMAN_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

type Replica = { child: ChildProcess; exited: Promise<unknown> };

/** `count` production servers on one embedded store, each on a free port, quiet (LOG_LEVEL=warn). */
async function replicas(
  count: number,
  env: Record<string, string>,
): Promise<{ procs: Replica[]; ports: number[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-bench-replicas-'));
  const ports: number[] = [];
  const procs: Replica[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const child = spawn(process.execPath, ['dist/server/server.js'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        TRUST_PROXY: '1',
        RATE_LIMIT_PER_MINUTE: '100000000',
        ...env,
      },
      stdio: 'ignore',
    });
    procs.push({ child, exited: new Promise((resolve) => child.once('exit', resolve)) });
    ports.push(port);
  }
  await Promise.all(ports.map((port) => waitForAnswer(`http://127.0.0.1:${port}/readyz`)));
  return { procs, ports };
}

async function stop(procs: Replica[]) {
  for (const p of procs) p.child.kill('SIGTERM');
  await Promise.all(procs.map((p) => p.exited));
}

/** nginx balancing over `ports`, no cache; resolves with its port and its stop. */
async function balancer(ports: number[]) {
  return startBenchNginx(
    (_dir, port) => [
      `upstream geo_platform { ${ports.map((p) => `server 127.0.0.1:${p};`).join(' ')} keepalive 32; }`,
      `server { listen 127.0.0.1:${port}; location / { proxy_pass http://geo_platform; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for; } }`,
    ],
    '/healthz',
  );
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(name: string, port: number): Promise<Row> {
  const options = {
    url: `http://127.0.0.1:${port}${PAGE}`,
    connections: CONNECTIONS,
    headers: { 'User-Agent': HUMAN_UA, 'Accept-Encoding': 'br', 'X-Forwarded-For': '203.0.113.50' },
  };
  // A second's warm-up, not counted: every replica's page cache filled, its code optimised.
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: DURATION });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * The limit's own cost per request, away from the page: one store's increment, one after another, in
 * this process's memory and in Redis (one EVALSHA round trip on loopback).
 */
async function incrementCost(url: string): Promise<{ memoryUs: number; redisUs: number }> {
  const registry = new Registry();
  const shared = createSharedState({ url, timeoutMs: 1000, logger: pino({ level: 'silent' }), registry });
  await shared.whenReady();
  const options = { windowMs: 60_000 } as Options;
  const stores = [limitStore(undefined, 'bench'), limitStore(shared, 'bench')];
  const perCall: number[] = [];
  for (const store of stores) {
    await store.init?.(options);
    // rate-limit-redis loads its scripts in init(): wait for them with a first call.
    await store.increment('warm-up');
    const n = 5000;
    const started = performance.now();
    for (let i = 0; i < n; i++) await store.increment(`203.0.113.${i % 250}`);
    perCall.push(((performance.now() - started) * 1000) / n);
  }
  await shared.close();
  return { memoryUs: perCall[0]!, redisUs: perCall[1]! };
}

const redis = await startRedis();
const rows: Row[] = [];
let cost: { memoryUs: number; redisUs: number } | undefined;
try {
  cost = await incrementCost(redis.url);
  for (const shared of [false, true]) {
    const env: Record<string, string> = shared ? { REDIS_URL: redis.url } : {};
    const label = shared ? 'limit in Redis' : 'limit in memory';
    {
      const { procs, ports } = await replicas(1, env);
      rows.push(await load(`1 replica, direct, ${label}`, ports[0]!));
      const lb = await balancer(ports);
      rows.push(await load(`1 replica behind nginx, ${label}`, lb.port));
      await lb.close();
      await stop(procs);
    }
    {
      const { procs, ports } = await replicas(3, env);
      const lb = await balancer(ports);
      rows.push(await load(`3 replicas behind nginx, ${label}`, lb.port));
      await lb.close();
      await stop(procs);
    }
  }
} finally {
  await redis.stop();
}

const pad = (s: string, n: number) => s.padEnd(n);
console.log(`\nReplicas (${PAGE}, cached page, ${CONNECTIONS} connections, ${DURATION} s per run):\n`);
console.log(
  `${pad('run', 44)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('non-2xx', 9)}errors`,
);
for (const r of rows) {
  console.log(
    `${pad(r.name, 44)}${pad(r.rps.toFixed(0), 10)}${pad(String(r.p50), 9)}${pad(String(r.p99), 9)}${pad(String(r.non2xx), 9)}${r.errors}`,
  );
}
if (cost) {
  console.log(
    `\nshared limit's cost per request: ${cost.redisUs.toFixed(0)} µs a count in Redis (one EVALSHA round trip on loopback) against ${cost.memoryUs.toFixed(1)} µs in memory`,
  );
}
const rps = (name: string) => rows.find((r) => r.name === name)!.rps;
const direct = [rps('1 replica, direct, limit in memory'), rps('1 replica, direct, limit in Redis')] as const;
console.log(
  `one replica direct, limit in memory → in Redis: ${direct[0].toFixed(0)} → ${direct[1].toFixed(0)} req/s`,
);
for (const label of ['limit in memory', 'limit in Redis']) {
  console.log(
    `3 replicas against 1 behind nginx (${label}): ${(rps(`3 replicas behind nginx, ${label}`) / rps(`1 replica behind nginx, ${label}`)).toFixed(2)}×`,
  );
}
