import { describe, expect, it } from 'vitest';
import { FrameError, RECORD_SEPARATOR, RecordReader, splitRecords, writeRecord } from '../../server/hub/text-message-format.js';
import { HubProtocolError, handshakeError, messages, parseHandshakeRequest, parseHubMessage } from '../../server/hub/hub-messages.js';

const RS = RECORD_SEPARATOR;

describe('text framing on the 0x1E record separator', () => {
  it.each([
    ['', []],
    [`{}${RS}`, ['{}']],
    [`{"type":6}${RS}{"type":6}${RS}`, ['{"type":6}', '{"type":6}']],
    [`${RS}`, ['']],
    [`{"a":"x\ny"}${RS}`, ['{"a":"x\ny"}']],
  ])('splits %j into %j', (input, records) => {
    expect(splitRecords(input)).toEqual(records);
  });

  it.each([['{}'], [`{}${RS}{"type":6}`], ['no separator at all']])('refuses the incomplete payload %j', (input) => {
    expect(() => splitRecords(input)).toThrow(new FrameError('Message is incomplete.'));
  });

  it('terminates a written record with the separator', () => {
    expect(writeRecord('{"type":6}')).toBe(`{"type":6}${RS}`);
  });

  it.each([
    { chunks: [`{"type":6}${RS}`], out: [['{"type":6}']] },
    { chunks: ['{"ty', `pe":6}${RS}`], out: [[], ['{"type":6}']] },
    { chunks: [`{}${RS}{"type"`, `:6}${RS}{}${RS}`], out: [['{}'], ['{"type":6}', '{}']] },
  ])('reassembles records split across frames: $chunks', ({ chunks, out }) => {
    const reader = new RecordReader(100);
    expect(chunks.map((c) => reader.push(c))).toEqual(out);
    expect(reader.pending).toBe(0);
  });

  it.each([
    ['a complete record over the limit', `{"x":"${'a'.repeat(40)}"}${RS}`],
    ['an unfinished tail over the limit', `{"x":"${'a'.repeat(40)}`],
    ['a tail over the limit after a good record', `{}${RS}{"x":"${'a'.repeat(40)}`],
  ])('refuses %s', (_name, input) => {
    expect(() => new RecordReader(32).push(input)).toThrow(/larger than the limit of 32/);
  });
});

describe('handshake', () => {
  it.each([
    ['{"protocol":"json","version":1}', null],
    ['{"protocol":"messagepack","version":1}', "The protocol 'messagepack' is not supported."],
    ['{"protocol":"json","version":2}', "The server does not support version 2 of the 'json' protocol."],
  ])('answers %s with %j', (record, error) => {
    expect(handshakeError(parseHandshakeRequest(record))).toBe(error);
  });

  it.each([
    ['not json', 'Message is not valid JSON.'],
    ['[1]', 'Message is not a JSON object.'],
    ['{"version":1}', "Handshake request is missing 'protocol'."],
    ['{"protocol":"json"}', "Handshake request is missing 'version'."],
    ['{"protocol":"json","version":"1"}', "Handshake request is missing 'version'."],
  ])('refuses the malformed request %s', (record, message) => {
    expect(() => parseHandshakeRequest(record)).toThrow(new HubProtocolError(message));
  });
});

describe('hub messages, one validator per type', () => {
  it.each([
    ['invocation without id', '{"type":1,"target":"JoinCompanyGroup","arguments":[1]}', { type: 1, target: 'JoinCompanyGroup', arguments: [1] }],
    ['invocation with id', '{"type":1,"invocationId":"7","target":"X","arguments":[]}', { type: 1, invocationId: '7', target: 'X', arguments: [] }],
    ['invocation with extra headers', '{"type":1,"target":"X","arguments":[null],"headers":{"a":"b"}}', { type: 1, target: 'X', arguments: [null] }],
    ['invocation with stream ids', '{"type":1,"target":"X","arguments":[],"streamIds":["1"]}', { type: 1, target: 'X', arguments: [], streamIds: ['1'] }],
    ['stream item', '{"type":2,"invocationId":"1","item":5}', { type: 2, invocationId: '1', item: 5 }],
    ['completion with result', '{"type":3,"invocationId":"1","result":null}', { type: 3, invocationId: '1', result: null }],
    ['completion with error', '{"type":3,"invocationId":"1","error":"no"}', { type: 3, invocationId: '1', error: 'no' }],
    ['void completion', '{"type":3,"invocationId":"1"}', { type: 3, invocationId: '1' }],
    ['stream invocation', '{"type":4,"invocationId":"2","target":"S","arguments":[]}', { type: 4, invocationId: '2', target: 'S', arguments: [] }],
    ['cancel invocation', '{"type":5,"invocationId":"2"}', { type: 5, invocationId: '2' }],
    ['ping', '{"type":6}', { type: 6 }],
    ['close', '{"type":7}', { type: 7 }],
    ['close with error', '{"type":7,"error":"bye","allowReconnect":true}', { type: 7, error: 'bye', allowReconnect: true }],
    ['ack', '{"type":8,"sequenceId":3}', { type: 8, sequenceId: 3 }],
    ['sequence', '{"type":9,"sequenceId":4}', { type: 9, sequenceId: 4 }],
  ])('parses a %s', (_name, record, message) => {
    expect(parseHubMessage(record)).toEqual(message);
  });

  it.each([['{"type":10}'], ['{"type":99,"anything":true}'], ['{"type":0}']])('ignores the unknown type in %s', (record) => {
    expect(parseHubMessage(record)).toBeNull();
  });

  it.each([
    ['text that is not JSON', '{"type":1,', 'Message is not valid JSON.'],
    ['a JSON array', '[1,2]', 'Message is not a JSON object.'],
    ['a missing type', '{"target":"X"}', "Invalid payload: 'type' must be an integer."],
    ['a string type', '{"type":"1"}', "Invalid payload: 'type' must be an integer."],
    ['an invocation without target', '{"type":1,"arguments":[]}', "Invalid payload for Invocation message: 'target' must be a non-empty string."],
    ['an invocation with object arguments', '{"type":1,"target":"X","arguments":{}}', "Invalid payload for Invocation message: 'arguments' must be an array."],
    [
      'an invocation with a numeric id',
      '{"type":1,"invocationId":1,"target":"X","arguments":[]}',
      "Invalid payload for Invocation message: 'invocationId' must be a string.",
    ],
    [
      'stream ids that are not strings',
      '{"type":1,"target":"X","arguments":[],"streamIds":[1]}',
      "Invalid payload for Invocation message: 'streamIds' must be an array of strings.",
    ],
    [
      'a completion with result and error',
      '{"type":3,"invocationId":"1","result":1,"error":"x"}',
      "Invalid payload for Completion message: it has both 'result' and 'error'.",
    ],
    ['a completion without id', '{"type":3,"result":1}', "Invalid payload for Completion message: 'invocationId' must be a non-empty string."],
    ['a cancel without id', '{"type":5}', "Invalid payload for CancelInvocation message: 'invocationId' must be a non-empty string."],
    ['a close with a string allowReconnect', '{"type":7,"allowReconnect":"yes"}', "Invalid payload for Close message: 'allowReconnect' must be a boolean."],
    ['an ack with a fractional id', '{"type":8,"sequenceId":1.5}', "Invalid payload for Ack message: 'sequenceId' must be an integer."],
  ])('refuses %s', (_name, record, message) => {
    expect(() => parseHubMessage(record)).toThrow(new HubProtocolError(message));
  });

  it.each([
    [
      'an invocation',
      messages.invocation('ReceiveCatalogueUpdate', ['Product', { BranchId: 1, Items: [] }]),
      '{"type":1,"target":"ReceiveCatalogueUpdate","arguments":["Product",{"BranchId":1,"Items":[]}]}',
    ],
    ['a result', messages.result('4', { ok: true }), '{"type":3,"invocationId":"4","result":{"ok":true}}'],
    ['a void result', messages.result('4', undefined), '{"type":3,"invocationId":"4"}'],
    ['an error completion', messages.error('4', 'nope'), '{"type":3,"invocationId":"4","error":"nope"}'],
    ['a ping', messages.ping(), '{"type":6}'],
    ['a close with reason', messages.close('bad frame'), '{"type":7,"error":"bad frame"}'],
    ['a close asking to reconnect', messages.close('Server is shutting down.', true), '{"type":7,"error":"Server is shutting down.","allowReconnect":true}'],
  ])('writes %s the way the client reads it', (_name, message, json) => {
    expect(JSON.stringify(message)).toBe(json);
    expect(parseHubMessage(json)).toEqual(message);
  });
});
