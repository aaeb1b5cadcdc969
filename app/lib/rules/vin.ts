// Vehicle identification numbers (ISO 3779): 17 characters of A-Z and 0-9 without I, O and Q.
// Cars made for North America (world manufacturer codes starting 1-5) carry a check digit in
// the ninth place, computed from the others; elsewhere the ninth character is the maker's
// own, so only the form is checked. A VIN is kept upper-case, without spaces or dashes.

export const VIN_LENGTH = 17;

/** How many trailing characters an owner may choose to show. */
export const VIN_PUBLIC_CHARS = 6;

export const VIN_TEXT = {
  length: `A VIN has ${VIN_LENGTH} letters and digits`,
  characters: "A VIN uses the letters A-Z (never I, O or Q) and the digits 0-9",
  checkDigit: "This VIN's check digit (the 9th character) does not match the rest: check it for a typo",
} as const;

const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** A VIN as stored: upper-case, spaces and dashes removed. */
export function normalizeVin(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, "");
}

/** The check digit a VIN's other characters call for ("0"-"9" or "X"). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i += 1) {
    const char = vin[i];
    const value = /\d/.test(char) ? Number(char) : TRANSLITERATION[char];
    sum += (value ?? 0) * WEIGHTS[i];
  }
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
}

/** Whether a VIN's maker is North American, where the check digit is required. */
export function checkDigitRequired(vin: string): boolean {
  return /^[1-5]/.test(vin);
}

/** Why a (normalized) VIN is refused, or null when it is well formed. */
export function vinProblem(vin: string): string | null {
  if (vin.length !== VIN_LENGTH) return VIN_TEXT.length;
  if (!/^[A-HJ-NPR-Z0-9]+$/.test(vin)) return VIN_TEXT.characters;
  if (checkDigitRequired(vin) && vin[8] !== vinCheckDigit(vin)) return VIN_TEXT.checkDigit;
  return null;
}

/** What others may see of a VIN: its last characters after dots, or nothing. */
export function publicVin(lastChars: string | null | undefined): string | null {
  return lastChars ? `•••••••••••${lastChars.slice(-VIN_PUBLIC_CHARS)}` : null;
}
