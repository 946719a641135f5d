// autocannon ships no types of its own; these are the parts of its API that bench/api.mjs uses.
declare module 'autocannon' {
  interface Options {
    url: string;
    duration: number;
    connections: number;
  }
  interface Result {
    requests: { average: number };
    latency: { p99: number };
    errors: number;
    non2xx: number;
  }
  export default function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): unknown;
}
