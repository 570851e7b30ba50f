import { describe, expect, it } from 'vitest';
import { normalizeWebsite } from './seller-application-rules';

describe('normalizeWebsite', () => {
  it('adds https:// to a bare domain, with its port or path', () => {
    expect(normalizeWebsite(' quillforge.example ')).toBe('https://quillforge.example');
    expect(normalizeWebsite('localhost:8080/app')).toBe('https://localhost:8080/app');
    expect(normalizeWebsite('//quillforge.example')).toBe('https://quillforge.example');
  });

  it('leaves an address with a scheme, and an empty field, as they are', () => {
    expect(normalizeWebsite('http://acme.example')).toBe('http://acme.example');
    expect(normalizeWebsite('HTTPS://acme.example')).toBe('HTTPS://acme.example');
    expect(normalizeWebsite('mailto:founder@acme.example')).toBe('mailto:founder@acme.example');
    expect(normalizeWebsite('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(normalizeWebsite('  ')).toBe('');
  });
});
