/**
 * Messages of SignalR's JSON hub protocol (dotnet/aspnetcore `HubProtocol.md`,
 * `JsonHubProtocol.ts`). Each message type has one validator; a well-formed message of a type
 * this server does not know is ignored, as the protocol asks, while a malformed one is a
 * protocol error that closes the connection that sent it.
 */
export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

export interface InvocationMessage {
  type: typeof MessageType.Invocation;
  invocationId?: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
}

export interface StreamItemMessage {
  type: typeof MessageType.StreamItem;
  invocationId: string;
  item: unknown;
}

export interface CompletionMessage {
  type: typeof MessageType.Completion;
  invocationId: string;
  result?: unknown;
  error?: string;
}

export interface StreamInvocationMessage {
  type: typeof MessageType.StreamInvocation;
  invocationId: string;
  target: string;
  arguments: unknown[];
}

export interface CancelInvocationMessage {
  type: typeof MessageType.CancelInvocation;
  invocationId: string;
}

export interface PingMessage {
  type: typeof MessageType.Ping;
}

export interface CloseMessage {
  type: typeof MessageType.Close;
  error?: string;
  allowReconnect?: boolean;
}

export interface AckMessage {
  type: typeof MessageType.Ack;
  sequenceId: number;
}

export interface SequenceMessage {
  type: typeof MessageType.Sequence;
  sequenceId: number;
}

export type HubMessage =
  | InvocationMessage
  | StreamItemMessage
  | CompletionMessage
  | StreamInvocationMessage
  | CancelInvocationMessage
  | PingMessage
  | CloseMessage
  | AckMessage
  | SequenceMessage;

export class HubProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HubProtocolError';
  }
}

type Raw = Record<string, unknown>;

function requireString(raw: Raw, key: string, what: string): string {
  const value = raw[key];
  if (typeof value !== 'string' || value.length === 0) throw new HubProtocolError(`Invalid payload for ${what} message: '${key}' must be a non-empty string.`);
  return value;
}

function optionalString(raw: Raw, key: string, what: string): string | undefined {
  const value = raw[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new HubProtocolError(`Invalid payload for ${what} message: '${key}' must be a string.`);
  return value;
}

function requireArray(raw: Raw, key: string, what: string): unknown[] {
  const value = raw[key];
  if (!Array.isArray(value)) throw new HubProtocolError(`Invalid payload for ${what} message: '${key}' must be an array.`);
  return value;
}

function optionalStringArray(raw: Raw, key: string, what: string): string[] | undefined {
  const value = raw[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw new HubProtocolError(`Invalid payload for ${what} message: '${key}' must be an array of strings.`);
  }
  return value as string[];
}

function requireInteger(raw: Raw, key: string, what: string): number {
  const value = raw[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    throw new HubProtocolError(`Invalid payload for ${what} message: '${key}' must be an integer.`);
  return value;
}

const validators: Record<number, (raw: Raw) => HubMessage> = {
  [MessageType.Invocation]: (raw) => {
    const invocationId = optionalString(raw, 'invocationId', 'Invocation');
    const streamIds = optionalStringArray(raw, 'streamIds', 'Invocation');
    return {
      type: MessageType.Invocation,
      target: requireString(raw, 'target', 'Invocation'),
      arguments: requireArray(raw, 'arguments', 'Invocation'),
      ...(invocationId !== undefined ? { invocationId } : {}),
      ...(streamIds !== undefined ? { streamIds } : {}),
    };
  },
  [MessageType.StreamItem]: (raw) => ({ type: MessageType.StreamItem, invocationId: requireString(raw, 'invocationId', 'StreamItem'), item: raw.item }),
  [MessageType.Completion]: (raw) => {
    const error = optionalString(raw, 'error', 'Completion');
    if (error !== undefined && 'result' in raw) throw new HubProtocolError("Invalid payload for Completion message: it has both 'result' and 'error'.");
    return {
      type: MessageType.Completion,
      invocationId: requireString(raw, 'invocationId', 'Completion'),
      ...(error !== undefined ? { error } : {}),
      ...('result' in raw ? { result: raw.result } : {}),
    };
  },
  [MessageType.StreamInvocation]: (raw) => ({
    type: MessageType.StreamInvocation,
    invocationId: requireString(raw, 'invocationId', 'StreamInvocation'),
    target: requireString(raw, 'target', 'StreamInvocation'),
    arguments: requireArray(raw, 'arguments', 'StreamInvocation'),
  }),
  [MessageType.CancelInvocation]: (raw) => ({ type: MessageType.CancelInvocation, invocationId: requireString(raw, 'invocationId', 'CancelInvocation') }),
  [MessageType.Ping]: () => ({ type: MessageType.Ping }),
  [MessageType.Close]: (raw) => {
    const error = optionalString(raw, 'error', 'Close');
    const allowReconnect = raw.allowReconnect;
    if (allowReconnect !== undefined && typeof allowReconnect !== 'boolean')
      throw new HubProtocolError("Invalid payload for Close message: 'allowReconnect' must be a boolean.");
    return { type: MessageType.Close, ...(error !== undefined ? { error } : {}), ...(allowReconnect !== undefined ? { allowReconnect } : {}) };
  },
  [MessageType.Ack]: (raw) => ({ type: MessageType.Ack, sequenceId: requireInteger(raw, 'sequenceId', 'Ack') }),
  [MessageType.Sequence]: (raw) => ({ type: MessageType.Sequence, sequenceId: requireInteger(raw, 'sequenceId', 'Sequence') }),
};

function parseObject(record: string): Raw {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    throw new HubProtocolError('Message is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new HubProtocolError('Message is not a JSON object.');
  return value as Raw;
}

/**
 * Parses one record (without its separator). Returns null for a message of a type this
 * protocol version does not define, which the caller ignores.
 */
export function parseHubMessage(record: string): HubMessage | null {
  const raw = parseObject(record);
  if (typeof raw.type !== 'number' || !Number.isInteger(raw.type)) throw new HubProtocolError("Invalid payload: 'type' must be an integer.");
  const validate = validators[raw.type];
  return validate ? validate(raw) : null;
}

export interface HandshakeRequest {
  protocol: string;
  version: number;
}

/** The first record a client sends: `{"protocol":"json","version":1}`. */
export function parseHandshakeRequest(record: string): HandshakeRequest {
  const raw = parseObject(record);
  if (typeof raw.protocol !== 'string' || raw.protocol.length === 0) throw new HubProtocolError("Handshake request is missing 'protocol'.");
  if (typeof raw.version !== 'number' || !Number.isInteger(raw.version)) throw new HubProtocolError("Handshake request is missing 'version'.");
  return { protocol: raw.protocol, version: raw.version };
}

/** The only protocol and version this hub speaks. */
export const SUPPORTED_PROTOCOL = 'json';
export const SUPPORTED_VERSION = 1;

/** Why a handshake is refused, or null when it is accepted. */
export function handshakeError(request: HandshakeRequest): string | null {
  if (request.protocol !== SUPPORTED_PROTOCOL) return `The protocol '${request.protocol}' is not supported.`;
  if (request.version !== SUPPORTED_VERSION) return `The server does not support version ${request.version} of the '${request.protocol}' protocol.`;
  return null;
}

export const messages = {
  invocation: (target: string, args: unknown[]): InvocationMessage => ({ type: MessageType.Invocation, target, arguments: args }),
  result: (invocationId: string, result: unknown): CompletionMessage =>
    result === undefined ? { type: MessageType.Completion, invocationId } : { type: MessageType.Completion, invocationId, result },
  error: (invocationId: string, error: string): CompletionMessage => ({ type: MessageType.Completion, invocationId, error }),
  ping: (): PingMessage => ({ type: MessageType.Ping }),
  close: (error?: string, allowReconnect?: boolean): CloseMessage => ({
    type: MessageType.Close,
    ...(error ? { error } : {}),
    ...(allowReconnect ? { allowReconnect } : {}),
  }),
};
