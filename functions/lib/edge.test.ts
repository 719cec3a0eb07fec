import { describe, expect, it } from 'vitest';
import { isOriginVerified, ORIGIN_VERIFY_HEADER, parseViewerAddress, VIEWER_ADDRESS_HEADER, viewerAddress } from './edge.ts';

const SECRET = 'Zq8vJ3kLmN0pQr5StUvWxYz1234567890abcdefGHIJ';
const EDGE = '130.176.1.10';

const viaCloudFront = (address: string, verify = SECRET) => ({ [ORIGIN_VERIFY_HEADER]: verify, [VIEWER_ADDRESS_HEADER]: address });

describe('isOriginVerified', () => {
  it('accepts the exact configured value', () => {
    expect(isOriginVerified({ [ORIGIN_VERIFY_HEADER]: SECRET }, SECRET)).toBe(true);
  });

  it('ignores surrounding whitespace in the header', () => {
    expect(isOriginVerified({ [ORIGIN_VERIFY_HEADER]: ` ${SECRET} ` }, SECRET)).toBe(true);
  });

  it('finds the header whatever its case', () => {
    expect(isOriginVerified({ 'X-Origin-Verify': SECRET }, SECRET)).toBe(true);
  });

  it('refuses a wrong value, a prefix, a longer value and an empty one', () => {
    expect(isOriginVerified({ [ORIGIN_VERIFY_HEADER]: 'guess' }, SECRET)).toBe(false);
    expect(isOriginVerified({ [ORIGIN_VERIFY_HEADER]: SECRET.slice(0, -1) }, SECRET)).toBe(false);
    expect(isOriginVerified({ [ORIGIN_VERIFY_HEADER]: `${SECRET}x` }, SECRET)).toBe(false);
    expect(isOriginVerified({ [ORIGIN_VERIFY_HEADER]: '' }, SECRET)).toBe(false);
  });

  it('refuses a value of the same length that differs in one character, and one of the same length in characters but not in bytes', () => {
    expect(isOriginVerified({ [ORIGIN_VERIFY_HEADER]: `${SECRET.slice(0, -1)}K` }, SECRET)).toBe(false);
    expect(isOriginVerified({ [ORIGIN_VERIFY_HEADER]: `X${SECRET.slice(1)}` }, SECRET)).toBe(false);
    expect(isOriginVerified({ [ORIGIN_VERIFY_HEADER]: `${SECRET.slice(0, -1)}é` }, SECRET)).toBe(false);
  });

  it('compares against the value configured now, not one compared before', () => {
    expect(isOriginVerified({ [ORIGIN_VERIFY_HEADER]: SECRET }, SECRET)).toBe(true);
    expect(isOriginVerified({ [ORIGIN_VERIFY_HEADER]: SECRET }, `${SECRET.slice(0, -1)}K`)).toBe(false);
    expect(isOriginVerified({ [ORIGIN_VERIFY_HEADER]: `${SECRET.slice(0, -1)}K` }, `${SECRET.slice(0, -1)}K`)).toBe(true);
  });

  it('refuses a request without the header, or without headers at all', () => {
    expect(isOriginVerified({}, SECRET)).toBe(false);
    expect(isOriginVerified({ [ORIGIN_VERIFY_HEADER]: undefined }, SECRET)).toBe(false);
    expect(isOriginVerified(undefined, SECRET)).toBe(false);
    expect(isOriginVerified(null, SECRET)).toBe(false);
  });

  it('is false when no value is configured (local runs), even if a header is sent', () => {
    expect(isOriginVerified({ [ORIGIN_VERIFY_HEADER]: SECRET }, undefined)).toBe(false);
    expect(isOriginVerified({ [ORIGIN_VERIFY_HEADER]: '' }, '')).toBe(false);
  });
});

describe('parseViewerAddress', () => {
  it('reads IPv4 ip:port', () => {
    expect(parseViewerAddress('198.51.100.10:46532')).toBe('198.51.100.10');
    expect(parseViewerAddress('1.2.3.4:5678')).toBe('1.2.3.4');
  });

  it('reads CloudFront’s unbracketed IPv6 with the port last', () => {
    expect(parseViewerAddress('2001:db8:85a3::8a2e:370:7334:46532')).toBe('2001:db8:85a3::8a2e:370:7334');
    expect(parseViewerAddress('::1:443')).toBe('::1');
  });

  it('reads the bracketed IPv6 socket form', () => {
    expect(parseViewerAddress('[::1]:443')).toBe('::1');
    expect(parseViewerAddress('[2001:db8::1]:8080')).toBe('2001:db8::1');
  });

  it('trims whitespace', () => {
    expect(parseViewerAddress('  203.0.113.7:1234 ')).toBe('203.0.113.7');
  });

  it('refuses values that are not ip:port', () => {
    for (const bad of [
      undefined,
      '',
      '   ',
      '1.2.3.4',
      '1.2.3.4:',
      ':443',
      '1.2.3.4:port',
      '1.2.3.4:65536',
      '1.2.3.4:123456',
      '999.2.3.4:80',
      'example.com:443',
      '[1.2.3.4]:80',
      '[::1]',
      '[::1]:',
      '[not-ip]:443',
      '1.2.3.4:80, 5.6.7.8:90',
    ]) {
      expect(parseViewerAddress(bad), String(bad)).toBeUndefined();
    }
  });
});

describe('viewerAddress', () => {
  it('returns the viewer’s IPv4 address when the request came through CloudFront', () => {
    expect(viewerAddress(viaCloudFront('1.2.3.4:5678'), EDGE, SECRET)).toBe('1.2.3.4');
  });

  it('returns the viewer’s IPv6 address in either form', () => {
    expect(viewerAddress(viaCloudFront('[::1]:443'), EDGE, SECRET)).toBe('::1');
    expect(viewerAddress(viaCloudFront('2001:db8::1:46532'), EDGE, SECRET)).toBe('2001:db8::1');
  });

  it('reads headers in any case', () => {
    expect(viewerAddress({ 'X-Origin-Verify': SECRET, 'CloudFront-Viewer-Address': '1.2.3.4:5678' }, EDGE, SECRET)).toBe('1.2.3.4');
  });

  it('ignores CloudFront-Viewer-Address without the verify header (a direct call could claim any address)', () => {
    expect(viewerAddress({ [VIEWER_ADDRESS_HEADER]: '1.2.3.4:5678' }, EDGE, SECRET)).toBe(EDGE);
  });

  it('ignores CloudFront-Viewer-Address with a wrong verify value', () => {
    expect(viewerAddress(viaCloudFront('1.2.3.4:5678', 'wrong'), EDGE, SECRET)).toBe(EDGE);
  });

  it('falls back to the socket address when verified but the address is missing or malformed', () => {
    expect(viewerAddress({ [ORIGIN_VERIFY_HEADER]: SECRET }, EDGE, SECRET)).toBe(EDGE);
    expect(viewerAddress(viaCloudFront('garbage'), EDGE, SECRET)).toBe(EDGE);
    expect(viewerAddress(viaCloudFront('1.2.3.4'), EDGE, SECRET)).toBe(EDGE);
  });

  it('uses the socket address locally, where no verify value is configured', () => {
    expect(viewerAddress(viaCloudFront('1.2.3.4:5678'), '127.0.0.1', undefined)).toBe('127.0.0.1');
    expect(viewerAddress({}, '127.0.0.1', undefined)).toBe('127.0.0.1');
    expect(viewerAddress(undefined, '127.0.0.1', undefined)).toBe('127.0.0.1');
  });
});
