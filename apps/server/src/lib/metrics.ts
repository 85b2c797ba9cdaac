import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/*
 * The process's Prometheus metrics (GET /metrics, docs/operations.md
 * "Metrics"). One registry per process, not prom-client's global one; the
 * modules that count something import the metric they need from here.
 * Labels are bounded sets (route patterns, outcomes, kinds): never an id, a
 * phone or anything a client chooses.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'presta_' });

export const httpRequests = new Counter({
  name: 'presta_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers: [registry],
});

export const httpRequestDuration = new Histogram({
  name: 'presta_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: 'presta_rate_limit_refusals_total',
  help: 'Requests refused by a rate limit (429), by route pattern',
  labelNames: ['route'] as const,
  registers: [registry],
});

export const paymentNotifications = new Counter({
  name: 'presta_payment_notifications_total',
  help: 'Payment notifications received, by outcome (applied, duplicate, refused) and reason',
  labelNames: ['provider', 'outcome', 'reason'] as const,
  registers: [registry],
});

export const smsMessages = new Counter({
  name: 'presta_sms_total',
  help: 'Text messages handed to the SMS provider, by kind (purpose) and outcome (sent, failed, expired)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});

export const jobRunsTotal = new Counter({
  name: 'presta_job_runs_total',
  help: 'Runs of scheduled jobs, by job and outcome (succeeded, failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'presta_job_duration_seconds',
  help: 'Duration of scheduled job runs, by job',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [registry],
});

export const databaseErrors = new Counter({
  name: 'presta_database_unavailable_total',
  help: 'Requests answered 503 because PostgreSQL could not be reached or timed out',
  registers: [registry],
});

export const redisFallbacks = new Counter({
  name: 'presta_redis_fallbacks_total',
  help: 'Rate-limit counts taken in this process because Redis did not answer',
  registers: [registry],
});

/** The database pool's gauges read their values when scraped (plugins/app/health.ts sets them from the pool's stats). */
export const databasePool = {
  max: new Gauge({ name: 'presta_db_pool_max', help: 'PostgreSQL connections this process may open', registers: [registry] }),
  inUse: new Gauge({
    name: 'presta_db_pool_in_use',
    help: 'PostgreSQL connections busy with a query or a transaction',
    registers: [registry],
  }),
  waiting: new Gauge({
    name: 'presta_db_pool_waiting',
    help: 'Queries and transactions waiting for a PostgreSQL connection',
    registers: [registry],
  }),
};
