import { messages } from './hub-messages.js';
import { writeRecord } from './text-message-format.js';
import type { StreamSink } from './hub-relay.js';

/** The close message a closing instance writes to a stream it relays, so the client reconnects elsewhere. */
export const SHUTTING_DOWN_RECORD = writeRecord(JSON.stringify(messages.close('Server is shutting down.', true)));

/**
 * A relayed stream's records, held until the response or socket they go to exists: the owner may
 * answer and send its first records in one burst, before the serving side has opened its stream.
 */
export class BufferedSink implements StreamSink {
  private target: { send(payload: string): void; close(): void } | null = null;
  private readonly held: string[] = [];
  private ended: boolean | null = null;

  write(payload: string): void {
    if (this.target) this.target.send(payload);
    else this.held.push(payload);
  }

  end(shuttingDown: boolean): void {
    if (!this.target) {
      this.ended = shuttingDown;
      return;
    }
    if (shuttingDown) this.target.send(SHUTTING_DOWN_RECORD);
    this.target.close();
  }

  /** Starts delivering to the opened stream, with whatever arrived before. */
  open(target: { send(payload: string): void; close(): void }): void {
    this.target = target;
    for (const payload of this.held.splice(0)) target.send(payload);
    if (this.ended !== null) this.end(this.ended);
  }
}
