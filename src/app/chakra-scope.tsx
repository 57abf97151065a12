import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { pageSystem } from './theme';

// Built when this code arrives, in the task that evaluates it, rather than during a render.
const system = pageSystem();

/**
 * Chakra's provider for a part of the app that uses Chakra components: the lazily loaded pages
 * (chakra-part.tsx) and the dialogs, while they show. The first page uses none, so Chakra's code
 * and the system it builds load with the first part that does
 * (docs/decisions/026-chakra-off-the-first-load.md).
 */
export function ChakraScope({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
