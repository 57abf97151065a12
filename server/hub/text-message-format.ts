/**
 * SignalR's text framing: every JSON record ends with the ASCII record separator 0x1E
 * (dotnet/aspnetcore `TextMessageFormat.ts`). A transport frame may carry several records,
 * and with WebSockets a record may in principle be split across frames, so records are
 * read through a buffer that enforces the size limit.
 */
export const RECORD_SEPARATOR = '\u001e';

export class FrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrameError';
  }
}

/** Terminates one serialized message with the record separator. */
export function writeRecord(json: string): string {
  return `${json}${RECORD_SEPARATOR}`;
}

/**
 * Splits a complete payload into its records. Throws when the payload does not end with a
 * separator (an incomplete message), as the reference client does.
 */
export function splitRecords(input: string): string[] {
  if (input.length === 0) return [];
  if (!input.endsWith(RECORD_SEPARATOR)) throw new FrameError('Message is incomplete.');
  const records = input.split(RECORD_SEPARATOR);
  records.pop();
  return records;
}

/**
 * Collects incoming text and hands back each complete record. Refuses a record (or an
 * unfinished tail) longer than `maxRecordChars`, so one client cannot make the server buffer
 * without limit.
 */
export class RecordReader {
  private buffer = '';

  constructor(private readonly maxRecordChars: number) {}

  push(chunk: string): string[] {
    this.buffer += chunk;
    const last = this.buffer.lastIndexOf(RECORD_SEPARATOR);
    if (last === -1) {
      this.assertWithinLimit(this.buffer);
      return [];
    }
    const complete = this.buffer.slice(0, last + 1);
    this.buffer = this.buffer.slice(last + 1);
    this.assertWithinLimit(this.buffer);
    const records = splitRecords(complete);
    for (const record of records) this.assertWithinLimit(record);
    return records;
  }

  /** Characters received that do not yet form a complete record. */
  get pending(): number {
    return this.buffer.length;
  }

  private assertWithinLimit(text: string): void {
    if (text.length > this.maxRecordChars) {
      throw new FrameError(`Message is larger than the limit of ${this.maxRecordChars} characters.`);
    }
  }
}
