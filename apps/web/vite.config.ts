import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console is served under /peis (SPEC §2); the API lives on the same origin under /api.
export default defineConfig({
  base: '/peis/',
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Libraries change far less often than pages: separate chunks stay cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 20 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/, priority: 10 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 0 },
          ],
        },
      },
    },
    // The antd chunk alone is ~650 kB minified (~210 kB gzip); it is loaded once and cached.
    chunkSizeWarningLimit: 800,
  },
});
