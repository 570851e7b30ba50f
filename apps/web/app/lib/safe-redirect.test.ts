import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each([
    ['/user/personal-info', '/user/personal-info'],
    ['/products/writer?plan=2#faq', '/products/writer?plan=2#faq'],
    ['/', '/'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'user',
    '/\t/evil.example',
    '/auth/login',
    '/auth/register?redirect=/user',
  ])('falls back for %j', (input) => {
    expect(safeRedirect(input)).toBe('/');
  });

  it('keeps the verification link’s page, the one auth page that is no sign-in form (decision 027)', () => {
    expect(safeRedirect('/auth/verify-email?token=abc')).toBe('/auth/verify-email?token=abc');
    expect(safeRedirect('/auth/verify-emailx')).toBe('/');
  });

  it('uses the given fallback', () => {
    expect(safeRedirect('//x', '/user')).toBe('/user');
  });

  it('builds the login path with the encoded return target', () => {
    expect(loginPathFor('/user/personal-info?a=1')).toBe('/auth/login?redirect=%2Fuser%2Fpersonal-info%3Fa%3D1');
  });
});
