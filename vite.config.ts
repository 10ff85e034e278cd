import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { CSP_NONCE_PLACEHOLDER } from './src/contracts/csp';

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [
    // Must come before the React plugin so generated route files are transformed.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
  ],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget },
      '/idp': { target: apiTarget },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      output: {
        // Zod and the switch that keeps it from probing for eval share one chunk, so the switch is
        // set as soon as zod is, before any other chunk builds a schema.
        manualChunks: (id) => (/node_modules\/zod\/|src\/lib\/zod-without-eval\.ts$/.test(id) ? 'zod' : undefined),
      },
    },
  },
});
