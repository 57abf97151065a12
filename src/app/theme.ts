import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const config = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif' },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
