import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { appActors } from '../app/app-actors';
import { moneyFormatter } from '../../contract/money.rules';
import { shopNameOf } from '../../contract/shop-name.rules';

/** Money in the company's currency symbol and decimal places (section 2), from the config store. */
export function useMoney(): (amount: number) => string {
  const symbol = useSelector(appActors().config, (s) => s.context.details?.CurrencySymbol ?? '₹');
  const decimals = useSelector(appActors().config, (s) => s.context.details?.DecimalValue ?? 2);
  return useMemo(() => moneyFormatter(symbol, decimals), [symbol, decimals]);
}

/** The shop's display name, falling back to the product name while the config loads. */
export function useShopName(): string {
  return useSelector(appActors().config, (s) => shopNameOf(s.context.details) || 'Shoal Fresh');
}
