import { Badge, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useMoney } from './use-shop-config';

/** Percentage saved, rounded down so the shop never overstates a discount. */
export function discountPercent(sRate: number, oRate: number | null): number {
  if (oRate === null || !(sRate > 0) || oRate >= sRate) return 0;
  return Math.floor(((sRate - oRate) / sRate) * 100);
}

/** The price a customer pays: the offer rate against the struck selling rate when there is an offer. */
export function PriceTag({ sRate, oRate, size = 'md' }: { sRate: number; oRate: number | null; size?: 'md' | 'lg' }) {
  const money = useMoney();
  const off = discountPercent(sRate, oRate);
  const big = size === 'lg';
  if (!off || oRate === null) {
    return (
      <HStack data-testid="product-price" gap="2">
        <Text fontWeight="bold" fontSize={big ? '2xl' : 'md'}>
          {money(sRate)}
        </Text>
      </HStack>
    );
  }
  return (
    <HStack data-testid="product-price" gap="2" wrap="wrap" rowGap="0">
      <Text fontWeight="bold" fontSize={big ? '2xl' : 'md'} color="price.offer">
        <VisuallyHidden>Offer price </VisuallyHidden>
        {money(oRate)}
      </Text>
      <Text as="s" fontSize={big ? 'md' : 'sm'} color="fg.muted">
        <VisuallyHidden>Regular price </VisuallyHidden>
        {money(sRate)}
      </Text>
      <Badge colorPalette="red" variant="subtle" size={big ? 'md' : 'sm'}>
        {off}% off
      </Badge>
    </HStack>
  );
}
