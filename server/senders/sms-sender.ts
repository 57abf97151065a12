import fs from 'node:fs/promises';
import path from 'node:path';

export interface SmsMessage {
  to: string;
  text: string;
}

/** Delivers text messages (one-time passwords). A real SMS provider implements this. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** Appends one JSON line per message to <dataDir>/outbox/sms.jsonl and prints it, for demos and tests. */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly dataDir: string,
    private readonly log: (line: string) => void = (line) => console.log(line),
  ) {}

  get file(): string {
    return path.join(this.dataDir, 'outbox', 'sms.jsonl');
  }

  async send(message: SmsMessage): Promise<void> {
    const entry = { to: message.to, text: message.text, at: new Date().toISOString() };
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    await fs.appendFile(this.file, `${JSON.stringify(entry)}\n`);
    this.log(`[sms outbox] to ${entry.to}: ${entry.text}`);
  }
}
