// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p97_5: number
    p99: number
  }

  interface Options {
    url: string
    connections?: number
    duration?: number
    amount?: number
    method?: string
    headers?: Record<string, string>
    body?: string | Buffer
    timeout?: number
    idReplacement?: boolean
    /** Requests made in turn by each connection (the pages of a visit). */
    requests?: Array<{ method?: string; path?: string }>
  }

  export interface Result {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats: Record<string, { count: number }>
  }

  /** A run under way, stopped early by `stop()` (its callback then gets the result so far). */
  interface Instance {
    stop(): void
  }

  function autocannon(options: Options): Promise<Result>
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance
  export default autocannon
}
