/** The name a shop goes by: its display name, else its registered name; '' when the company has neither. */
export function shopNameOf(details: { DisplayName?: string | null; Name?: string | null } | null | undefined): string {
  return details?.DisplayName || details?.Name || '';
}
