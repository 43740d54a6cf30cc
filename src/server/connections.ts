import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Logger } from 'pino';

// Caps on open connections (decision 020). Without them, one address holding ~20,000 slow-header
// connections used every file descriptor of the process and other visitors failed for 47 s. The
// total cap is Node's own `server.maxConnections` (a connection past it is closed as it arrives); the
// cap per peer address counts the connections each address has open, so one address cannot take
// every slot.

export interface ConnectionCaps {
  /** Connections open at once in all. */
  max: number;
  /** Connections open at once from one peer address (an IPv6 address by its /64); 0: no such cap. */
  perAddress: number;
}

/** How often, at most, refused connections are logged: a flood gets one line per period, not one per connection. */
const LOG_EVERY_MS = 10_000;

/**
 * The key a peer is counted under: an IPv4 address (mapped IPv6 forms included) as itself, an IPv6
 * address by its /64, the block one subscriber usually gets, so that the rest of the block is not
 * a free supply of fresh addresses.
 */
export function peerKey(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return address ?? '';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/**
 * Applies the caps to a listening server. `onRefused` is told of each refused connection (for
 * /metrics); the log gets one warning per period with the counts.
 */
export function capConnections(
  server: Server,
  caps: ConnectionCaps,
  hooks: { logger: Logger; onRefused: (reason: 'server' | 'address') => void },
): void {
  let refused = { server: 0, address: 0 };
  let loggedAt = 0;
  const refuse = (reason: 'server' | 'address', peer: string | undefined) => {
    hooks.onRefused(reason);
    refused[reason] += 1;
    const now = Date.now();
    if (now - loggedAt < LOG_EVERY_MS) return;
    loggedAt = now;
    hooks.logger.warn(
      { refused, peer, maxConnections: caps.max, maxConnectionsPerAddress: caps.perAddress },
      reason === 'server'
        ? 'connections refused: MAX_CONNECTIONS reached'
        : 'connections refused: MAX_CONNECTIONS_PER_ADDRESS reached (behind a proxy, check TRUST_PROXY)',
    );
    refused = { server: 0, address: 0 };
  };

  server.maxConnections = caps.max;
  server.on('drop', (data) => refuse('server', data?.remoteAddress));
  if (caps.perAddress <= 0) return;

  // The open connections per peer: an entry lives exactly as long as its peer has a connection open,
  // so the map never holds more than `max` entries.
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const key = peerKey(socket.remoteAddress);
    const count = open.get(key) ?? 0;
    if (count >= caps.perAddress) {
      socket.destroy();
      refuse('address', socket.remoteAddress);
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
