import { useEffect } from 'react';
import { useShopName } from './use-shop-config';

/** Sets the document title per screen, so tabs, history and screen readers name the page. */
export function useDocumentTitle(title: string | null | undefined): void {
  const shop = useShopName();
  useEffect(() => {
    document.title = title ? `${title} | ${shop}` : shop;
  }, [title, shop]);
}
