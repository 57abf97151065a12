import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxMailSender } from '../../server/senders/mail-sender.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function outbox(): OutboxMailSender {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-mail-'));
  dirs.push(dir);
  return new OutboxMailSender(dir);
}

const lines = (sender: OutboxMailSender) =>
  fs
    .readFileSync(sender.file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { to: string; subject: string });

describe('The mail outbox', () => {
  it('writes every mail of a burst as its own line, in the order sent, each send answered once written', async () => {
    const sender = outbox();
    const sends = Array.from({ length: 50 }, (_, i) =>
      sender
        .send({ to: `shop${i}@example.com`, subject: `Order ${i}`, text: 'line one\nline two' })
        .then(() => lines(sender).some((m) => m.subject === `Order ${i}`)),
    );
    expect(await Promise.all(sends)).toEqual(Array(50).fill(true));
    expect(lines(sender).map((m) => m.subject)).toEqual(Array.from({ length: 50 }, (_, i) => `Order ${i}`));
  });

  it('makes the folder again when it was removed meanwhile', async () => {
    const sender = outbox();
    await sender.send({ to: 'a@example.com', subject: 'first', text: '' });
    fs.rmSync(path.dirname(sender.file), { recursive: true });
    await sender.send({ to: 'a@example.com', subject: 'second', text: '' });
    expect(lines(sender).map((m) => m.subject)).toEqual(['second']);
  });
});
