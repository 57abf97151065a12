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

/**
 * A real SMS provider behind an HTTP endpoint (SMS_HTTP_URL): one POST per message with JSON
 * { to, text } and the bearer SMS_HTTP_TOKEN. A non-2xx answer is a failed send.
 */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly url: string,
    private readonly token?: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ to: message.to, text: message.text }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
  }
}
