import type { ComponentProps, ReactNode } from 'react';
import { Portal } from '@chakra-ui/react';
import { Dialog } from './chakra-with-recipes';
import { ChakraScope } from '../app/chakra-scope';

type RootProps = Omit<ComponentProps<typeof Dialog.Root>, 'open' | 'children' | 'placement'>;

/**
 * A dialog shown over any page, in a Chakra provider of its own (ChakraScope), which it mounts
 * only while it shows: centred, its title, its body, its footer of buttons. `root` carries how it
 * closes (or that it does not) and where focus starts.
 */
export function ShopDialog({
  title,
  titleColor,
  testId,
  root,
  footer,
  children,
}: {
  title: ReactNode;
  titleColor?: string;
  testId: string;
  root?: RootProps;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <ChakraScope>
      <Dialog.Root open placement="center" {...root}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx="4" data-testid={testId}>
              <Dialog.Header>
                <Dialog.Title color={titleColor}>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>{footer}</Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </ChakraScope>
  );
}

/** How an alert dialog is held open: no Escape, no click outside; only its buttons close it. */
export const HELD_OPEN: RootProps = { role: 'alertdialog', closeOnEscape: false, closeOnInteractOutside: false };
