// Cars as the pages and the API name them.

/**
 * A car as a line or a small card names it ("2004 Subaru Impreza WRX “Blue”"): the fields
 * carName reads. Each place adds what it shows beside it (its photo, its owner, its followers).
 */
export type CarSummary = {
  id: number;
  make: string;
  model: string;
  year: number;
  trim: string | null;
  nickname: string | null;
  bodystyle: string | null;
};
