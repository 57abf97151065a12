import { useEffect, useState } from 'react';
import { afterPageShown } from '../lib/after-page-shown';

/** False until the page has loaded and shown what it fetched (after-page-shown.ts), then true. */
export function usePageShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterPageShown().then(() => mounted && setShown(true));
    return () => {
      mounted = false;
    };
  }, []);
  return shown;
}
