/**
 * Timings and limits of the live hub. The defaults follow SignalR's own (keep-alive ping
 * every 15 s, a client that is silent for 30 s is gone); the abuse limits keep one client
 * from exhausting the server. Tests pass shorter timings through the plugin options.
 */
export interface HubLimits {
  /** An open connection the server has sent nothing to for this long is sent a ping. */
  keepAliveIntervalMs: number;
  /** A connection that sends nothing (not even a ping) for this long is closed. */
  clientTimeoutMs: number;
  /** Time allowed between opening a transport and completing the handshake. */
  handshakeTimeoutMs: number;
  /** A negotiated connection that never opens a transport is forgotten after this long. */
  negotiateTtlMs: number;
  /** Largest record (or unfinished tail) accepted from a client, in characters. */
  maxMessageChars: number;
  /** Connections (negotiated or open) one client address may hold at once. */
  maxConnectionsPerIp: number;
  /** Invocations of one connection waiting to run; more means the client is flooding. */
  maxQueuedInvocations: number;
  /** SendCatalogueUpdate requests one connection may make per window. */
  maxUpdateRequestsPerWindow: number;
  updateRequestWindowMs: number;
  /** How long a long-polling request is held open when there is nothing to send. */
  longPollHoldMs: number;
  /** Characters queued for a long-polling or SSE client before it is considered stuck. */
  maxQueuedOutgoingChars: number;
}

export const DEFAULT_HUB_LIMITS: HubLimits = {
  keepAliveIntervalMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  negotiateTtlMs: 30_000,
  maxMessageChars: 32 * 1024,
  maxConnectionsPerIp: 20,
  maxQueuedInvocations: 32,
  maxUpdateRequestsPerWindow: 20,
  updateRequestWindowMs: 10_000,
  longPollHoldMs: 25_000,
  maxQueuedOutgoingChars: 4 * 1024 * 1024,
};
