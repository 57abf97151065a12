/** The request gates of one path, by name: each step opens, finds or closes them. */
import type { Page } from 'playwright-core';
import { RequestGate } from './network-gates.js';

export class GateSet<Name extends string> {
  private readonly gates = new Map<Name, RequestGate>();

  constructor(private readonly page: () => Page) {}

  /** Watches `method url` under `name` (replacing an earlier gate of that name). */
  async open(name: Name, method: string, url: RegExp, mode: 'hold' | 'abort' | 'pass' = 'hold'): Promise<RequestGate> {
    await this.gates.get(name)?.close();
    const gate = await RequestGate.on(this.page(), method, url, mode);
    this.gates.set(name, gate);
    return gate;
  }

  the(name: Name): RequestGate {
    const gate = this.gates.get(name);
    if (!gate) throw new Error(`No ${name} gate in this path`);
    return gate;
  }

  has(name: Name): boolean {
    return this.gates.has(name);
  }

  async close(): Promise<void> {
    for (const gate of this.gates.values()) await gate.close();
    this.gates.clear();
  }
}
