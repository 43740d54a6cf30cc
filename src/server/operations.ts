import express, { Router, type Express, type RequestHandler } from 'express';
import { sendApiStatus } from './api-error.ts';
import type { RendererBundle } from '../renderer/contract.ts';
import { hasMetricsToken, type Metrics } from './metrics.ts';
import type { StoreHealth } from './store-health.ts';
import type { LeadStore } from './store/index.ts';

// The operator's endpoints: /healthz (the process answers), /readyz (this instance can serve pages:
// the renderer is loaded and it is not draining) and /metrics. A store that cannot take writes is
// reported by /readyz, never a reason for a 503 (decision 051): pages need no store, and a load
// balancer taking every instance out because their shared disk is full takes the whole site down.

export interface OperationsInput {
  store: Pick<LeadStore, 'kind'>;
  /** Whether the store takes writes, as its background probe last found (never probed per request). */
  storeHealth: Pick<StoreHealth, 'writable'>;
  /** The renderer bundle: loaded once in production, Vite's module in development. */
  renderer: () => Promise<RendererBundle>;
  metrics: Metrics;
  /** METRICS_TOKEN: with it, /metrics answers on the site's port to that bearer token. */
  metricsToken: string | undefined;
  /** Set once SIGTERM arrives: the process still serves, but asks to be taken out of rotation. */
  lifecycle: { draining: boolean };
}

/** The routes on the site's port, and the app that serves /metrics alone on METRICS_PORT. */
export function operationsRoutes(input: OperationsInput): { operations: Router; metricsApp: Express } {
  const { store, storeHealth, renderer, metrics, metricsToken, lifecycle } = input;
  const operations = Router();
  operations.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  operations.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    // Until the first probe has answered, the store's state is unknown: left out, not guessed.
    const writable = storeHealth.writable;
    const detail = { store: store.kind, ...(writable === undefined ? {} : { storeWritable: writable }) };
    if (lifecycle.draining) {
      res.status(503).json({ status: 'draining', ...detail });
      return;
    }
    try {
      await renderer();
    } catch {
      res.status(503).json({ status: 'unavailable', reason: 'renderer', ...detail });
      return;
    }
    res.json({ status: 'ready', ...detail });
  });
  // Operational figures are for the operator's scraper, never the public, and never decided by the
  // client's address (a proxy header can be forged, a proxy can hide it): on the site's port only
  // with METRICS_TOKEN, on METRICS_PORT's listener otherwise; anything else is the API's 404
  // (decision 020).
  const metricsEndpoint =
    (open: boolean): RequestHandler =>
    async (req, res) => {
      res.set('Cache-Control', 'no-store');
      if (!open || (metricsToken !== undefined && !hasMetricsToken(req.get('authorization'), metricsToken))) {
        sendApiStatus(req, res, 404);
        return;
      }
      res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    };
  operations.get('/metrics', metricsEndpoint(metricsToken !== undefined));
  const metricsApp = express();
  metricsApp.disable('x-powered-by');
  metricsApp.get('/metrics', metricsEndpoint(true));
  metricsApp.use((req, res) => sendApiStatus(req, res, 404));
  return { operations, metricsApp };
}
