import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import { freePort } from '../tests/support/redis-server.ts';
import { CONTAINER_FLAGS } from '../tests/support/server-process.ts';
import { startBenchNginx } from './bench-nginx.ts';
import { spawnBuiltServer, waitForAnswer } from './built-server.ts';
import { ensureBuild } from './ensure-build.mjs';

// The server's hot path (issue 39, decision 073): a cached page against a bare Express 5 app sending
// the very same bytes, measured with wrk (Debian's package), for both audiences (a person's browser,
// a crawler) and every Accept-Encoding (br, gzip, none), with production settings: the request log
// on (to /dev/null), the site-wide rate limit on (set high enough never to refuse, so every request
// pays for counting), /metrics on. autocannon runs in Node and tops out near 3,200 req/s on a 2-core
// host, under the bare app: it measured the load generator, not the server. So this first shows the
// baseline saturates before the load generator does (wrk with 1 and 2 threads against the bare app,
// and nginx sending the same bytes several times faster), then gives the ratios, RUNS times.
//
//   node --import tsx scripts/bench-hot-path.ts              # the figures (about 5 minutes)
//   BENCH_CPU_PROF=dir node --import tsx scripts/bench-hot-path.ts   # also a .cpuprofile of the
//                                                            # server under wrk and its top frames
//   node --import tsx scripts/bench-hot-path.ts file.cpuprofile   # the top frames of a profile
// npm run bench runs it first.

const DURATION = Number(process.env.BENCH_HOT_SECONDS ?? process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RUNS = Number(process.env.BENCH_HOT_RUNS ?? 3);
const PAGE = process.env.BENCH_HOT_PAGE ?? '/en/guide';
const NODE_FLAGS = process.env.BENCH_NODE_FLAGS?.split(' ') ?? CONTAINER_FLAGS;
const WRK = '/usr/bin/wrk';

export const AUDIENCES = {
  person:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  crawler:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
} as const;
type Audience = keyof typeof AUDIENCES;
/** What a client sends, and the encoding the server picks for it. */
const ENCODINGS = [
  ['br', 'gzip, deflate, br'],
  ['gzip', 'gzip, deflate'],
  ['none', ''],
] as const;
type EncodingLabel = (typeof ENCODINGS)[number][0];

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  /** Responses other than 2xx or 3xx, and socket errors. */
  failures: number;
  requests: number;
  /** CPU time the server spent per request (user and system), in µs, when its clock was given. */
  cpuPerRequest: number;
}

/** A process's CPU time so far (user and system), in µs. */
export type CpuClock = () => number;

/** This process's CPU clock (the bare app runs here, idle otherwise while wrk runs). */
const ownCpu: CpuClock = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** Another process's CPU clock, from /proc (Linux): utime and stime, in clock ticks. */
function cpuOf(pid: number): CpuClock {
  const tick = 1e6 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  return () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the command's ')'.
    return (Number(fields[11]) + Number(fields[12])) * tick;
  };
}

/** Whether wrk is on this machine; the bench says how to get it when it is not. */
export function hasWrk(): boolean {
  try {
    execFileSync(WRK, ['-v'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // `wrk -v` prints its version and exits 1.
    return (error as { status?: number }).status === 1;
  }
}

const milliseconds = (text: string | undefined): number => {
  const match = /([\d.]+)(us|ms|s)/.exec(text ?? '');
  if (!match) return NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
};

/** One wrk run: `threads` threads, CONNECTIONS connections, DURATION seconds. */
export async function wrk(
  url: string,
  headers: Record<string, string>,
  threads = 1,
  cpu?: CpuClock,
): Promise<WrkResult> {
  const cpuBefore = cpu?.() ?? 0;
  const args = [`-t${threads}`, `-c${CONNECTIONS}`, `-d${DURATION}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) if (value) args.push('-H', `${name}: ${value}`);
  const child = spawn(WRK, [...args, url], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`wrk exited ${code}: ${out}`);
  const cpuSpent = (cpu?.() ?? 0) - cpuBefore;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const failures =
    Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) +
    [...out.matchAll(/(?:connect|read|write|timeout) (\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
  return {
    rps,
    p50: milliseconds(/\s50%\s+(\S+)/.exec(out)?.[1]),
    p99: milliseconds(/\s99%\s+(\S+)/.exec(out)?.[1]),
    failures,
    requests,
    cpuPerRequest: cpu ? cpuSpent / requests : NaN,
  };
}

/** A response's raw body and headers (no decoding: the bytes as sent). */
function raw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/**
 * The server's bytes for each audience and encoding, once its cache holds the best copies (a new
 * entry is sent with fast copies first, under an ETag ending in `-fast`, decision 034).
 */
async function servedBytes(base: string) {
  const bytes = {} as Record<Audience, Record<EncodingLabel, { body: Buffer; encoding?: string }>>;
  for (const audience of Object.keys(AUDIENCES) as Audience[]) {
    bytes[audience] = {} as Record<EncodingLabel, { body: Buffer; encoding?: string }>;
    for (const [label, accept] of ENCODINGS) {
      const headers = { 'user-agent': AUDIENCES[audience], ...(accept ? { 'accept-encoding': accept } : {}) };
      let res = await raw(base + PAGE, headers);
      for (let n = 0; n < 1000 && String(res.headers.etag ?? '').includes('-fast'); n++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        res = await raw(base + PAGE, headers);
      }
      if (res.status !== 200) throw new Error(`${PAGE} answered ${res.status} to a ${audience}`);
      const encoding = res.headers['content-encoding'];
      bytes[audience][label] = { body: res.body, ...(typeof encoding === 'string' ? { encoding } : {}) };
    }
  }
  return bytes;
}

/** A bare Express 5 app: one route per audience and encoding, each sending its bytes as they are. */
async function bareApp(
  bytes: Awaited<ReturnType<typeof servedBytes>>,
): Promise<{ base: string; server: Server }> {
  const app = express();
  for (const [audience, byEncoding] of Object.entries(bytes)) {
    for (const [label, { body, encoding }] of Object.entries(byEncoding)) {
      app.get(`/${audience}/${label}`, (_req, res) => {
        res.set({
          'Content-Type': 'text/html; charset=utf-8',
          ...(encoding ? { 'Content-Encoding': encoding } : {}),
        });
        res.send(body);
      });
    }
  }
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** nginx (one worker) sending the person's brotli bytes from a file: the ceiling of this host. */
async function nginxWith(body: Buffer) {
  const nginx = await startBenchNginx(
    (dir, port) => [
      `server { listen 127.0.0.1:${port}; location = /page { alias ${dir}/page.br; default_type text/html; add_header Content-Encoding br; } }`,
    ],
    '/page',
    { 'page.br': body },
  );
  return { url: `http://127.0.0.1:${nginx.port}/page`, close: nginx.close };
}

/** Production settings: the request log on, the site-wide limit counting every request, /metrics on. */
async function productionServer(extraFlags: string[] = []) {
  return spawnBuiltServer({
    port: await freePort(),
    nodeFlags: [...NODE_FLAGS, ...extraFlags],
    env: {
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '100000000',
      METRICS_TOKEN: randomBytes(24).toString('hex'),
    },
  });
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export interface HotPathReport {
  lines: string[];
  /** The lowest ratio of each audience over every encoding and run. */
  lowest: Record<Audience, number>;
}

/** The whole measurement: saturation evidence, then RUNS rounds of both audiences × 3 encodings. */
export async function measureHotPath(): Promise<HotPathReport> {
  const lines: string[] = [];
  const measured = await productionServer();
  const exited = new Promise((resolve) => measured.child.once('exit', resolve));
  try {
    await waitForAnswer(`${measured.base}/readyz`);
    const bytes = await servedBytes(measured.base);
    const bare = await bareApp(bytes);
    const nginx = await nginxWith(bytes.person.br.body);
    try {
      const personBr = { 'user-agent': AUDIENCES.person, 'accept-encoding': 'gzip, deflate, br' };
      const one = await wrk(`${bare.base}/person/br`, personBr, 1);
      const two = await wrk(`${bare.base}/person/br`, personBr, 2);
      const ceiling = await wrk(nginx.url, personBr, 1);
      lines.push(
        `Load generator: wrk ${CONNECTIONS} connections, ${DURATION} s per run, ${PAGE}, production settings (request log, rate limit, metrics on).`,
        `Baseline saturates first: bare Express 5 with wrk 1 thread ${fmt(one.rps)} req/s, 2 threads ${fmt(two.rps)} req/s ` +
          `(${((two.rps / one.rps - 1) * 100).toFixed(0)}%); nginx sending the same bytes ${fmt(ceiling.rps)} req/s, ` +
          `${(ceiling.rps / one.rps).toFixed(1)}× the bare app: wrk is not the bottleneck.`,
      );
      const lowest = { person: Infinity, crawler: Infinity };
      const lowestCpu = { person: Infinity, crawler: Infinity };
      const oursCpu = cpuOf(measured.child.pid!);
      const columns = [5, 10, 10, 12, 12, 8, 20, 11, 18];
      const row = (...cells: string[]) => cells.map((cell, i) => cell.padEnd(columns[i] ?? 0)).join('');
      lines.push(
        '',
        row(
          'run',
          'audience',
          'encoding',
          'bare req/s',
          'ours req/s',
          'ratio',
          'CPU µs/req bare/ours',
          'CPU ratio',
          'p99 ms bare/ours',
        ) + 'bytes',
      );
      for (let run = 1; run <= RUNS; run++) {
        for (const audience of Object.keys(AUDIENCES) as Audience[]) {
          for (const [label, accept] of ENCODINGS) {
            const headers = { 'user-agent': AUDIENCES[audience], 'accept-encoding': accept };
            const base = await wrk(`${bare.base}/${audience}/${label}`, headers, 1, ownCpu);
            const ours = await wrk(measured.base + PAGE, headers, 1, oursCpu);
            if (ours.failures || base.failures)
              throw new Error(`failed responses: ${ours.failures} (ours), ${base.failures} (bare)`);
            const ratio = ours.rps / base.rps;
            const cpuRatio = base.cpuPerRequest / ours.cpuPerRequest;
            lowest[audience] = Math.min(lowest[audience], ratio);
            lowestCpu[audience] = Math.min(lowestCpu[audience], cpuRatio);
            lines.push(
              row(
                String(run),
                audience,
                label,
                fmt(base.rps),
                fmt(ours.rps),
                ratio.toFixed(2),
                `${base.cpuPerRequest.toFixed(0)}/${ours.cpuPerRequest.toFixed(0)}`,
                cpuRatio.toFixed(2),
                `${base.p99.toFixed(1)}/${ours.p99.toFixed(1)}`,
              ) + String(bytes[audience][label].body.length),
            );
          }
        }
      }
      lines.push(
        '',
        `cached page / bare Express with the same bytes, lowest of ${RUNS} runs × 3 encodings: ` +
          `person ${lowest.person.toFixed(2)}, crawler ${lowest.crawler.toFixed(2)} (budget ≥ 0.40, issue 39)`,
        `the same by CPU time per request (bare's / ours: what the ratio is on a host with nothing else running), lowest: ` +
          `person ${lowestCpu.person.toFixed(2)}, crawler ${lowestCpu.crawler.toFixed(2)}`,
      );
      return { lines, lowest };
    } finally {
      await nginx.close();
      bare.server.close();
    }
  } finally {
    measured.stop();
    await exited;
  }
}

/**
 * The server under wrk with `--cpu-prof` (both audiences, brotli and no encoding, in turn), then its
 * profile's top frames by self time and self time by package: what a cached request pays for.
 */
export async function profileHotPath(dir: string): Promise<string[]> {
  const server = await productionServer(['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  await waitForAnswer(`${server.base}/readyz`);
  await servedBytes(server.base);
  for (const audience of Object.keys(AUDIENCES) as Audience[])
    for (const accept of ['gzip, deflate, br', ''])
      await wrk(server.base + PAGE, { 'user-agent': AUDIENCES[audience], 'accept-encoding': accept });
  server.stop();
  await exited;
  const file = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()
    .at(-1);
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  return [
    `profile: ${path.join(dir, file)}`,
    ...topFrames(JSON.parse(readFileSync(path.join(dir, file), 'utf8'))),
  ];
}

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time by frame and by package (node_modules/<name>, node:internal, the app's own code). */
export function topFrames(profile: CpuProfile, count = 20): string[] {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFrame = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (!us) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^file:\/\/.*?\/(node_modules|dist)\//, '$1/');
    // A regular expression's frame is named by its whole source: cut, so a line stays a line.
    const frame =
      `${(functionName || '(anonymous)').slice(0, 100)} ${where ? `${where}:${lineNumber + 1}` : ''}`.trim();
    byFrame.set(frame, (byFrame.get(frame) ?? 0) + us);
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      (url.startsWith('node:')
        ? 'node (built-in modules)'
        : url.includes('/dist/')
          ? 'the server (dist/server)'
          : url
            ? url
            : functionName);
    byPackage.set(pkg.slice(0, 100), (byPackage.get(pkg.slice(0, 100)) ?? 0) + us);
  }
  // Total time (self and callees) of the middlewares and handlers a request passes through: the
  // frames of the server's own code and of its packages, Express's router itself left out (it is
  // under every one of them).
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const inclusive = new Map<string, number>();
  for (const [id, us] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
      if (!/\/(node_modules|dist)\//.test(url) || /node_modules\/(router|express)\//.test(url)) continue;
      const frame = `${functionName || '(anonymous)'} ${url.replace(/^file:\/\/.*?\/(node_modules|dist)\//, '$1/')}:${lineNumber + 1}`;
      if (seen.has(frame)) continue;
      seen.add(frame);
      inclusive.set(frame, (inclusive.get(frame) ?? 0) + us);
    }
  }
  const share = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
  const top = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
  return [
    `self time, top ${count} frames (${(total / 1e6).toFixed(1)} s sampled):`,
    ...top(byFrame).map(([frame, us]) => `  ${share(us)}  ${frame}`),
    'self time by package:',
    ...top(byPackage).map(([pkg, us]) => `  ${share(us)}  ${pkg}`),
    "total time (self and callees) of the server's and its packages' frames:",
    ...top(inclusive).map(([frame, us]) => `  ${share(us)}  ${frame}`),
  ];
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain && process.argv[2]?.endsWith('.cpuprofile')) {
  // An existing profile's top frames (one made here, or by hand with `node --cpu-prof`).
  for (const line of topFrames(JSON.parse(readFileSync(process.argv[2], 'utf8')))) console.log(line);
} else if (isMain) {
  ensureBuild(process.cwd());
  if (!hasWrk()) {
    console.error('wrk is not installed: apt-get install -y wrk (Debian package)');
    process.exit(1);
  }
  if (process.env.BENCH_CPU_PROF) {
    for (const line of await profileHotPath(process.env.BENCH_CPU_PROF)) console.log(line);
  } else {
    const { lines } = await measureHotPath();
    for (const line of lines) console.log(line);
  }
}
