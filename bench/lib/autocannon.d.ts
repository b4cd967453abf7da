// Minimal types for the parts of autocannon 9 the benchmarks use (the package ships none).
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; total: number; p50: number; p90: number; p97_5: number; p99: number };
  export type Result = {
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '4xx': number;
    '5xx': number;
    duration: number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  export type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    connections?: number;
    pipelining?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    requests?: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer }[];
  };
  type Instance = PromiseLike<Result> & { stop(): void };
  function autocannon(options: Options): Instance;
  export default autocannon;
}
