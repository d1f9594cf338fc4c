/**
 * Polish plural forms for vue-i18n. Messages give three forms "one | few | many"
 * ("1 pułapka | 2 pułapki | 5 pułapek"), or four with a leading zero form. Few is 2–4, 22–24, …
 * but not 12–14; every other whole number takes many; a fraction takes few ("2,5 pułapki").
 */
export function polishPlural(choice: number, choicesLength: number): number {
  const n = Math.abs(choice);
  if (choicesLength < 2) return 0;
  if (choicesLength === 2) return n === 1 ? 0 : 1;
  const offset = choicesLength >= 4 ? 1 : 0;
  if (offset && n === 0) return 0;
  return offset + polishCategory(n);
}

/** 0 one, 1 few, 2 many. */
export function polishCategory(n: number): 0 | 1 | 2 {
  if (!Number.isInteger(n)) return 1;
  if (n === 1) return 0;
  const lastDigit = n % 10;
  const lastTwo = n % 100;
  if (lastDigit >= 2 && lastDigit <= 4 && !(lastTwo >= 12 && lastTwo <= 14)) return 1;
  return 2;
}
