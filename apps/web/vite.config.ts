import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Modules of packages/shared without side effects: all but src/index.ts and src/schemas/zod-chinese.ts. */
const SHARED_PURE = /[\\/]packages[\\/]shared[\\/]src[\\/](?!index\.ts$|schemas[\\/]zod-chinese\.ts$)/;

/** Files worth compressing: everything the build writes except already-compressed formats (images, fonts). */
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the highest levels (the cost is
 * paid once per build, not per request). The server sends them (`@fastify/static` `preCompressed`) to
 * browsers that accept them: Chromium offers br to secure origins only (HTTPS, localhost), plain HTTP gets the gzip twin.
 */
function precompress(): Plugin {
  return {
    name: 'peis-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => TEXT_FILE.test(name))
          .map(async (name) => {
            const path = join(dir, name);
            const data = await readFile(path);
            const [br, gz] = await Promise.all([
              brotli(data, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          }),
      );
    },
  };
}

// The console is served under /peis (SPEC §2); the API lives on the same origin under /api.
export default defineConfig({
  base: '/peis/',
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Chunks follow the routes (rolldown's own split of the import graph), so a page downloads the antd
    // components and charts it uses and the login page none of the console's. React alone gets a named
    // chunk: every page needs it and it changes only with an upgrade, so it stays cached across releases.
    rolldownOptions: {
      // @peis/shared is pure declarations (routes, enums, zod schemas, resources): what a chunk does not use
      // may go, so the login page does not carry the schemas of every screen. Two modules keep their effects:
      // zod-chinese.ts installs zod's Chinese messages, and the barrel index.ts that imports it, so importing
      // @peis/shared anywhere still installs them before any form validates.
      treeshake: {
        moduleSideEffects: (id) => (SHARED_PURE.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
    // The largest chunk is ECharts (~590 kB minified, ~200 kB gzip), loaded by the chart pages only.
    chunkSizeWarningLimit: 600,
  },
});
