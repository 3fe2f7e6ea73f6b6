/** Whether a card number's last digit is its Luhn check digit, as every issued card's is. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number as it may be typed: 12 to 19 digits, spaces and dashes allowed, check digit right. */
export function isCardNumber(number: string): boolean {
  const digits = number.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) && passesLuhn(digits);
}
