declare module 'autocannon' {
  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p97_5: number; p99: number; total?: number };
  export type Result = {
    title?: string;
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    /** Seconds the run took, from its first request (0.01 s). */
    duration: number;
    /** Answers by HTTP status, e.g. { '200': { count: 1234 }, '429': { count: 5 } }. */
    statusCodeStats?: Record<string, { count: number }>;
  };
  /** One request of a sequence; setupRequest may rewrite it before each send (return a falsy value to skip). */
  export type RequestSpec = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (req: RequestSpec & { headers: Record<string, string> }, context: Record<string, unknown>) => RequestSpec | null | undefined;
  };
  export type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Each connection loops over these instead of the single request above. */
    requests?: RequestSpec[];
    connections?: number;
    duration?: number;
    /** Stop after this many requests in all (instead of after `duration`). */
    amount?: number;
    title?: string;
  };
  /** The running instance: a promise of the result that also reports each answer. */
  export type Instance = Promise<Result> & {
    /** Every answer, timed from its request's send (ms, with fractions); statusCode as a number. */
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): unknown;
  };
  export default function autocannon(opts: Options): Instance;
}
