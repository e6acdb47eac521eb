/** Latencies and statuses per endpoint for one phase of the load bench. */
export class Stats {
  private readonly samples = new Map<string, number[]>();
  private readonly statuses = new Map<string, Map<number, number>>();

  record(endpoint: string, ms: number, status: number): void {
    let s = this.samples.get(endpoint);
    if (!s) this.samples.set(endpoint, (s = []));
    s.push(ms);
    let by = this.statuses.get(endpoint);
    if (!by) this.statuses.set(endpoint, (by = new Map()));
    by.set(status, (by.get(status) ?? 0) + 1);
  }

  /** Non-2xx answers (0 = no answer: connection refused, reset or timed out) by status. */
  errors(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const by of this.statuses.values()) for (const [status, n] of by) if (status < 200 || status >= 300) out[status] = (out[status] ?? 0) + n;
    return out;
  }

  total(): number {
    let n = 0;
    for (const s of this.samples.values()) n += s.length;
    return n;
  }

  /** One line per endpoint: count, requests/s over the phase, p50/p95/p99 in ms, non-2xx by status. */
  table(seconds: number): string {
    const rows = [['endpoint', 'n', 'req/s', 'p50', 'p95', 'p99', 'non-2xx'].join('\t')];
    for (const [endpoint, s] of [...this.samples].sort()) {
      const sorted = [...s].sort((a, b) => a - b);
      const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(0);
      const bad = [...(this.statuses.get(endpoint) ?? [])].filter(([st]) => st < 200 || st >= 300).map(([st, n]) => `${st}:${n}`);
      rows.push([endpoint, sorted.length, (sorted.length / seconds).toFixed(1), q(0.5), q(0.95), q(0.99), bad.join(' ') || '-'].join('\t'));
    }
    return rows.join('\n');
  }
}
