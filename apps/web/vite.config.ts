import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle } from 'rolldown';
import react from '@vitejs/plugin-react';
import { offlineShell } from './offlineShell.ts';

const backend = process.env.VITE_BACKEND ?? 'http://localhost:8080';

/**
 * Each lazy import carries the list of chunks to preload with it. Vite lists every chunk below the
 * imported one, also those the importing chunk already imports statically (loaded before its code
 * runs, so preloading them does nothing). This drops those: the route table in the entry chunk
 * holds a list for each of ~170 screens, and the shared chunks were in all of them (issue 25: the
 * login screen's weight).
 */
function loadedChunks() {
  let bundle: OutputBundle | undefined;
  const closures = new Map<string, Set<string>>();
  const closure = (file: string): Set<string> => {
    let seen = closures.get(file);
    if (seen) return seen;
    seen = new Set();
    const visit = (f: string) => {
      const chunk = bundle?.[f];
      if (seen!.has(f) || chunk?.type !== 'chunk') return;
      seen!.add(f);
      chunk.imports.forEach(visit);
    };
    visit(file);
    closures.set(file, seen);
    return seen;
  };
  const plugin: Plugin = {
    name: 'venue:loaded-chunks',
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
        closures.clear();
      },
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }) => {
    const loaded = closure(hostId);
    return deps.filter((d) => !loaded.has(d));
  };
  return { plugin, resolveDependencies };
}
const preload = loadedChunks();

// The console is one single-page app. Every screen is its own chunk (React.lazy);
// the login route must stay small, so heavy libraries are never imported by the shell.
export default defineConfig({
  plugins: [react(), offlineShell(), preload.plugin],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    target: 'es2022',
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    rolldownOptions: {
      treeshake: {
        // The shared contract's modules have no side effects: the console takes the codes
        // and helpers it uses without pulling in zod schemas it does not use. Nor have antd's
        // rc-components (their packages do not say so): antd's button styles take a colour class
        // from the colour picker's package, which brought the whole picker to the login screen.
        moduleSideEffects: (id: string) => !/[\\/](packages[\\/]contract|node_modules[\\/]@rc-component)[\\/]/.test(id),
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
