// The few parts of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Options = {
    url: string;
    connections: number;
    /** Seconds to run; or `amount`: that many requests, answered, then done. */
    duration?: number;
    amount?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** Request templates in turn; `setupRequest` may rewrite each request (its path, its body) before it is sent. */
    requests?: { setupRequest?: (request: { path?: string }) => object }[];
  };
  type Result = {
    /** `total`: the answers counted over the run. */
    requests: { average: number; total: number };
    /** Bytes of answers received, headers included: `total` over the run. */
    throughput: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    /** Requests with no answer within the timeout (10 s by default); also counted in `errors`. */
    timeouts: number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
