import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { offlineShell } from './offlineShell.ts';

const backend = process.env.VITE_BACKEND ?? 'http://localhost:8080';

// The console is one single-page app. Every screen is its own chunk (React.lazy);
// the login route must stay small, so heavy libraries are never imported by the shell.
export default defineConfig({
  plugins: [react(), offlineShell()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // The shared contract's modules have no side effects: the console takes the codes
        // and helpers it uses without pulling in zod schemas it does not use.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]/.test(id),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/config.json': { target: backend, changeOrigin: false },
      '/config.xml': { target: backend, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/config.json': { target: backend, changeOrigin: false },
      '/config.xml': { target: backend, changeOrigin: false },
    },
  },
});
