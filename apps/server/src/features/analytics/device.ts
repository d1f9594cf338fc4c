/**
 * A short, stable name for the browser and system behind a user agent, e.g. "firefox on linux".
 * Only the families worth telling apart in a breakdown; everything else is "other". The order of
 * the checks matters: Edge and Opera also say "Chrome", Chrome also says "Safari", Android says
 * "Linux", and iPadOS in desktop mode says "Macintosh".
 */
export function deviceName(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512);
  if (ua === '') return 'unknown';
  return `${browserOf(ua)} on ${systemOf(ua)}`;
}

function browserOf(ua: string): string {
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return 'edge';
  if (/\bOPR\/|\bOpera\b/.test(ua)) return 'opera';
  if (/\bSamsungBrowser\//.test(ua)) return 'samsung internet';
  if (/\b(Firefox|FxiOS)\//.test(ua)) return 'firefox';
  if (/\b(Chrome|Chromium|CriOS)\//.test(ua)) return 'chrome';
  if (/\bVersion\/[\d.]+.*\bSafari\//.test(ua) || /\b(iPhone|iPad|iPod)\b.*\bAppleWebKit\//.test(ua)) return 'safari';
  if (/\b(curl|Wget|node|undici|python-requests|Go-http-client)\b/i.test(ua)) return 'script';
  return 'other';
}

function systemOf(ua: string): string {
  if (/\b(iPhone|iPad|iPod)\b/.test(ua)) return 'ios';
  if (/\bAndroid\b/.test(ua)) return 'android';
  if (/\bCrOS\b/.test(ua)) return 'chromeos';
  if (/\bWindows\b/.test(ua)) return 'windows';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macos';
  if (/\bLinux\b|\bX11\b/.test(ua)) return 'linux';
  return 'other';
}

/** The client's language from `?lang=`: 2–8 letters or hyphens (e.g. "en", "pt-br"), lower-cased; else null. */
export function parseLocale(value: unknown): string | null {
  if (typeof value !== 'string' || !/^[A-Za-z][A-Za-z-]{1,7}$/.test(value)) return null;
  return value.toLowerCase();
}
