import { Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { FishIcon, PinIcon, ShieldIcon, TruckIcon } from './icons.js';

/** The hero's words are the page's own, so its largest text never changes once painted (the shop's About text is in the footer). */
export function HomeHero({ address }: { address?: string }) {
  return (
    <Box bgGradient="to-br" gradientFrom="brand.800" gradientTo="brand.950" color="white">
      <Container maxW="6xl" px="4" py={{ base: '8', md: '12' }}>
        <Stack gap="3" maxW="2xl">
          {address && (
            <HStack gap="1" fontSize="sm" color="brand.100">
              <PinIcon size={16} />
              <Text>Delivering to {address}</Text>
            </HStack>
          )}
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }} lineHeight="1.15">
            Today’s catch, cleaned and cut to order
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} color="brand.50">
            Fresh fish, prawns, crabs and groceries, delivered in the slot you choose.
          </Text>
          <HStack gap="3" mt="2" wrap="wrap">
            <Button asChild size="lg" bg="white" color="brand.800" _hover={{ bg: 'brand.50' }}>
              <RouterLink to="/product">Shop all products</RouterLink>
            </Button>
            <Button asChild size="lg" variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: 'whiteAlpha.200' }}>
              <a href="#offers">See offers</a>
            </Button>
          </HStack>
        </Stack>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 3 }} gap="3" mt="8" fontSize="sm" color="brand.50">
          <HStack as="li" gap="2">
            <FishIcon /> <Text>Landed before dawn, cleaned the same morning</Text>
          </HStack>
          <HStack as="li" gap="2">
            <TruckIcon /> <Text>Delivery slots through the day</Text>
          </HStack>
          <HStack as="li" gap="2">
            <ShieldIcon /> <Text>Secure payments, easy returns</Text>
          </HStack>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
