import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { config as zodConfig } from 'zod';
import { Providers } from './app/providers';
import { router } from './app/router';
import './app/global.css';

// On its first object parse zod probes `new Function` to pick a compiled fast path. The Content-Security-Policy
// (script-src 'self', no 'unsafe-eval') refuses it and the browser reports a violation each time a page loads:
// the forms do not need that speed.
zodConfig({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
