import type { Duplex } from 'node:stream';

// Requests Node refuses before Express sees them (headers over its limit, a method token it does not
// know, a malformed request line, a request that timed out) get a short, friendly page written
// straight to the socket, rather than an empty answer.

const REASONS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, reason] = REASONS[error.code ?? ''] ?? [400, 'Bad Request'];
  const body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${reason}</title></head><body><main><h1>${reason}</h1><p>This request could not be read. <a href="/">Go to the homepage</a>.</p></main></body></html>`;
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}
