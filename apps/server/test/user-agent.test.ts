import { describe, expect, it } from 'vitest';
import { describeDevice } from '../src/platform/user-agent';

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
  androidSamsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  linuxHeadless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  ipadLine:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.9.0',
};

describe('describeDevice', () => {
  it.each([
    [UA.iphoneSafari, 'Safari · iPhone'],
    [UA.iphoneChrome, 'Chrome · iPhone'],
    [UA.windowsChrome, 'Chrome · Windows'],
    [UA.windowsEdge, 'Edge · Windows'],
    [UA.androidChrome, 'Chrome · Android'],
    [UA.androidSamsung, 'Samsung Internet · Android'],
    [UA.macFirefox, 'Firefox · macOS'],
    [UA.macSafari, 'Safari · macOS'],
    [UA.linuxHeadless, 'Chrome · Linux'],
    [UA.ipadLine, 'LINE · iPad'],
  ])('names %s as %s', (userAgent, expected) => {
    expect(describeDevice(userAgent)).toBe(expected);
  });

  it('names only what it recognises', () => {
    expect(
      describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15'),
    ).toBe('iPhone');
    expect(describeDevice('Mozilla/5.0 (X11; FreeBSD amd64; rv:127.0) Gecko/20100101 Firefox/127.0')).toBe(
      'Firefox',
    );
  });

  it('names a non-browser client by its product', () => {
    expect(describeDevice('curl/8.5.0')).toBe('curl');
    expect(describeDevice('okhttp/4.12.0')).toBe('okhttp');
  });

  it('reads a header no further than any real one goes: what lies past it is not looked at', () => {
    // Built to make the Safari pattern slow: a version of 16,000 digits and no Safari token after it.
    expect(describeDevice(`Mozilla/5.0 (iPhone) Version/${'1'.repeat(16_000)}`)).toBe('iPhone');
    expect(
      describeDevice(`${UA.iphoneSafari.replace(' Safari/604.1', '')}${' '.repeat(600)}Safari/604.1`),
    ).toBe('iPhone');
    expect(describeDevice(`${UA.iphoneSafari}${' x'.repeat(5_000)}`)).toBe('Safari · iPhone');
  });

  it('returns an empty string when there is nothing to describe', () => {
    expect(describeDevice(null)).toBe('');
    expect(describeDevice('   ')).toBe('');
    expect(describeDevice('Mozilla/5.0 (compatible)')).toBe('');
    expect(describeDevice('<script>alert(1)</script>')).toBe('');
  });
});
