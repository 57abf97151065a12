import fs from 'node:fs/promises';
import path from 'node:path';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Delivers e-mail (order confirmations and status changes). A real provider implements this. */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}

/** Appends one JSON line per mail to <dataDir>/outbox/mail.jsonl. */
export class OutboxMailSender implements MailSender {
  constructor(private readonly dataDir: string) {}

  get file(): string {
    return path.join(this.dataDir, 'outbox', 'mail.jsonl');
  }

  async send(message: MailMessage): Promise<void> {
    const entry = { ...message, at: new Date().toISOString() };
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    await fs.appendFile(this.file, `${JSON.stringify(entry)}\n`);
  }
}
