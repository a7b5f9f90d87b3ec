import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the real server on a fresh
 * embedded database with a small demo population.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    // The app turns antd's motion off for reduced motion: no click lands on a dialog still zooming in.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // A step that cannot act fails naming its locator instead of using up the whole test's time.
    actionTimeout: 15_000,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf .e2e-data-${PORT} && npx tsx apps/server/src/server.ts`,
    env: {
      DATA_DIR: `.e2e-data-${PORT}`,
      PORT: String(PORT),
      DEMO_EMPLOYEES: '300',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
  },
});
