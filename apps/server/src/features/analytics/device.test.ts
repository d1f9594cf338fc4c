import { describe, expect, it } from 'vitest';
import { deviceName, parseLocale } from './device.ts';

describe('deviceName', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'firefox on linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'chrome on windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'edge on windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'safari on macos'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'safari on ios'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1', 'chrome on ios'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'chrome on android'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'samsung internet on android'],
    ['Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0', 'firefox on android'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'chrome on chromeos'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/114.0.0.0', 'opera on windows'],
    ['curl/8.5.0', 'script on other'],
    ['something else entirely', 'other on other'],
  ])('%s → %s', (ua, name) => {
    expect(deviceName(ua)).toBe(name);
  });

  it('names a missing user agent', () => {
    expect(deviceName(undefined)).toBe('unknown');
    expect(deviceName('')).toBe('unknown');
  });
});

describe('parseLocale', () => {
  it('accepts 2 to 8 letters or hyphens, lower-cased', () => {
    expect(parseLocale('pl')).toBe('pl');
    expect(parseLocale('pt-BR')).toBe('pt-br');
    expect(parseLocale('zh-Hant')).toBe('zh-hant');
  });

  it('refuses anything else', () => {
    for (const value of [undefined, '', 'e', 'toolongxx', 'en_US', '../x', 'e1', '-en', ['en'], 42]) {
      expect(parseLocale(value)).toBeNull();
    }
  });
});
