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

/**
 * Appends one JSON line per mail to <dataDir>/outbox/mail.jsonl. Mails sent while an append is
 * under way are written together by the next one; each send answers once its line is written.
 */
export class OutboxMailSender implements MailSender {
  private folder: Promise<unknown> | null = null;
  private pending: { line: string; done: () => void; failed: (error: unknown) => void }[] = [];
  private writing = false;

  constructor(private readonly dataDir: string) {}

  get file(): string {
    return path.join(this.dataDir, 'outbox', 'mail.jsonl');
  }

  send(message: MailMessage): Promise<void> {
    const entry = { ...message, at: new Date().toISOString() };
    return new Promise<void>((done, failed) => {
      this.pending.push({ line: `${JSON.stringify(entry)}\n`, done, failed });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0);
      const text = batch.map((m) => m.line).join('');
      try {
        try {
          await this.append(text);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          // The folder was removed since it was made: make it again.
          this.folder = null;
          await this.append(text);
        }
        for (const m of batch) m.done();
      } catch (error) {
        for (const m of batch) m.failed(error);
      }
    }
    this.writing = false;
  }

  private async append(text: string): Promise<void> {
    this.folder ??= fs.mkdir(path.dirname(this.file), { recursive: true });
    await this.folder;
    await fs.appendFile(this.file, text);
  }
}
