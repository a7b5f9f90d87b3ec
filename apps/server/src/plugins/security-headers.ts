import type { FastifyInstance } from 'fastify';

/**
 * The session token lives in localStorage (SPEC §6), so the Content-Security-Policy is what stands
 * between an injected script and a stolen session: scripts only from this origin, never inline.
 * Styles allow 'unsafe-inline' because antd's CSS-in-JS writes <style> elements at run time; a style
 * cannot run code. Nothing may frame the console (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
};

/** Adds the security headers to every answer, console and API alike; a route's own value wins. */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
