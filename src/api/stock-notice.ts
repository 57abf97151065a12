import { getData, http } from '../lib/http';
import type { StockNotice, StockNoticeInput } from '../../contract/stock-notice.schemas';

/** GET StockNotice: the caller's notices still waiting. */
export function getStockNotices(): Promise<StockNotice[]> {
  return getData(http.get('StockNotice'));
}

/** POST StockNotice: asks to be told when a sold-out line is back (asking again answers the same notice). */
export function requestStockNotice(input: StockNoticeInput): Promise<StockNotice> {
  return getData(http.post('StockNotice', { json: input }));
}

/** DELETE StockNotice/{id} */
export function cancelStockNotice(noticeId: number): Promise<boolean> {
  return getData(http.delete(`StockNotice/${noticeId}`));
}
