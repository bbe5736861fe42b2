// Barcodes. EAN-13: 12 data digits plus a check digit. The check digit is what
// makes a scanner reject a misread code, so demo products must carry correct
// ones or the import validation and the POS barcode search would disagree.

const EAN13_LENGTH = 13;
const DATA_LENGTH = EAN13_LENGTH - 1;

/** Weights alternate 1, 3, 1, 3… from the leftmost data digit (GS1 rule). */
export function ean13CheckDigit(first12: string): number {
  if (!new RegExp(`^\\d{${DATA_LENGTH}}$`).test(first12)) {
    throw new Error(`Se esperaban ${DATA_LENGTH} dígitos para calcular un EAN-13: "${first12}"`);
  }
  let sum = 0;
  for (let i = 0; i < DATA_LENGTH; i++) {
    const digit = first12.charCodeAt(i) - 48;
    sum += i % 2 === 0 ? digit : digit * 3;
  }
  return (10 - (sum % 10)) % 10;
}

/** True only for exactly 13 digits whose last digit is the right check digit. */
export function isValidEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  return ean13CheckDigit(code.slice(0, DATA_LENGTH)) === Number(code[DATA_LENGTH]);
}

/** Appends the check digit to a 12-digit prefix. */
export function makeEan13(prefix12: string): string {
  return prefix12 + String(ean13CheckDigit(prefix12));
}
