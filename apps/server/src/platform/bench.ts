/**
 * Bench-only calls (issue 9 "Scale": the load harness bench/load.mts), registered only when
 * KAOPEI_BENCH_METRICS=1 (config `benchMetrics`); a production server never serves them.
 *
 * - `POST /api/bench/noop` (a logged-in caller, like every learner call): goes through the same
 *   router as real calls (security headers, request log, session lookup and access check, body
 *   validation, envelope serialisation) and does nothing else. Its throughput is the ceiling the
 *   harness compares each real call with.
 * - `POST /api/bench/metrics {gc?}` (public): the server process's figures since the previous read
 *   (the event-loop histogram is reset on every read, so each read covers one window):
 *   `{ rssBytes, heapUsedBytes, heapTotalBytes, externalBytes, eventLoop: { maxMs, p99Ms, p50Ms,
 *   meanMs, windowMs }, connections, webSockets, cpuUserMs, cpuSystemMs, uptimeMs }`. `connections`
 *   counts the open TCP connections of the HTTP server (upgraded WebSockets included),
 *   `webSockets` the open WebSockets; cpu times are cumulative (process.cpuUsage, ms). With
 *   `gc: true` and a server started with `node --expose-gc`, a full garbage collection runs first
 *   (steadier memory figures, e.g. RSS per idle socket); without --expose-gc the flag is ignored.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { json } from '@kaopei/contracts';
import type { Router } from './router';

/** The bench calls (not in contracts: no client and no API list know them). */
export const benchApi = {
  noop: json({ path: '/api/bench/noop', summary: '压测：空操作（与真实调用同一套中间件）', access: 'user', data: z.object({ ok: z.boolean() }) }),
  metrics: json({
    path: '/api/bench/metrics',
    summary: '压测：进程内存、事件循环延迟、连接数（读取后清零）',
    access: 'public',
    body: z.object({ gc: z.boolean().optional() }),
    data: z.object({
      rssBytes: z.number(),
      heapUsedBytes: z.number(),
      heapTotalBytes: z.number(),
      externalBytes: z.number(),
      eventLoop: z.object({ maxMs: z.number(), p99Ms: z.number(), p50Ms: z.number(), meanMs: z.number(), windowMs: z.number() }),
      connections: z.number().int(),
      webSockets: z.number().int(),
      cpuUserMs: z.number(),
      cpuSystemMs: z.number(),
      uptimeMs: z.number(),
    }),
  }),
};

const ns2ms = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : 0);

/**
 * Registers the bench calls on `app` through `router` (platform/router.ts) and starts an
 * event-loop delay histogram (perf_hooks.monitorEventLoopDelay, 10 ms resolution) stopped when the
 * app closes. Call only when KAOPEI_BENCH_METRICS is set.
 */
export function registerBench(app: FastifyInstance, router: Router): void {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let windowStart = performance.now();
  app.addHook('onClose', async () => loop.disable());

  router.json(benchApi.noop, () => ({ ok: true }));
  router.json(benchApi.metrics, async ({ body }) => {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (body.gc && gc) gc();
    const connections = await new Promise<number>((resolve) => app.server.getConnections((err, n) => resolve(err ? -1 : n)));
    const wss = (app as unknown as { websocketServer?: { clients: Set<unknown> } }).websocketServer;
    const mem = process.memoryUsage();
    const cpu = process.cpuUsage();
    const at = performance.now();
    const eventLoop = { maxMs: ns2ms(loop.max), p99Ms: ns2ms(loop.percentile(99)), p50Ms: ns2ms(loop.percentile(50)), meanMs: ns2ms(loop.mean), windowMs: at - windowStart };
    loop.reset();
    windowStart = at;
    return {
      rssBytes: mem.rss, heapUsedBytes: mem.heapUsed, heapTotalBytes: mem.heapTotal, externalBytes: mem.external,
      eventLoop, connections, webSockets: wss?.clients.size ?? 0, cpuUserMs: cpu.user / 1000, cpuSystemMs: cpu.system / 1000, uptimeMs: process.uptime() * 1000,
    };
  });
}
