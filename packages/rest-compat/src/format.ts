/** `YYYY-MM-DD HH:MM:SS UTC`, the contract's date format for listings. */
export const formatUtc = (d: Date): string => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
