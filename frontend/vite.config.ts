import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Keep the initial bundle lean: route modules are split by React.lazy.
    modulePreload: { polyfill: false },
  },
  server: { host: '127.0.0.1' },
});
