import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.SHOAL_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify('1.3'),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/sandbox': apiTarget,
      '/uploads': apiTarget,
      '/images': apiTarget,
      '/catalogueHub': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
