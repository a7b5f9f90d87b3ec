import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** Files under /peis/assets/ carry a content hash in their name: a new build writes new names, so a copy never goes stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (and any other unhashed file) is revalidated on every load, so a release reaches browsers at once. */
export const REVALIDATE = 'no-cache';

/**
 * Serves the built web app under /peis/ with history fallback: any deep link loads index.html.
 * Text files go out as the .br/.gz twins the build writes beside them (apps/web/vite.config.ts) when the
 * browser accepts one (oil-field sites are on slow links); hashed assets are cached for a year.
 */
export async function registerWeb(app: FastifyInstance, config: Config) {
  const hasWeb = existsSync(join(config.webDist, 'index.html'));
  if (hasWeb) {
    const assets = join(config.webDist, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/peis/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // The twins are picked by Accept-Encoding, not requested by name: no routes of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      // send's default is max-age=0; the two policies are set here instead (path is the file sent, twin or not).
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE),
    });
  }
  app.get('/', { config: { public: true }, schema: { hide: true } }, (_req, reply) => reply.redirect('/peis/'));
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api' || !hasWeb || !(path === '/peis' || path.startsWith('/peis/'))) {
      return reply.code(404).send({ code: 404, msg: '接口不存在' });
    }
    // A file-like path that is not there is a real 404; everything else is a route of the app.
    if (/\.[a-z0-9]+$/i.test(path)) return reply.code(404).send({ code: 404, msg: '文件不存在' });
    return reply.sendFile('index.html');
  });
}
