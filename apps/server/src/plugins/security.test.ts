import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

const GSI = [
  'https://accounts.google.com/gsi/client',
  'https://accounts.google.com/gsi/',
  'https://accounts.google.com/gsi/style',
];

describe('Content-Security-Policy and Google sign-in', () => {
  let plain: TestApp;
  let withGoogle: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    withGoogle = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com' } });
  });
  afterAll(async () => {
    await plain?.close();
    await withGoogle?.close();
  });

  it("gives every answer its own nonce of 16 random bytes, across more than one draw of the nonces' pool", async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 600; i += 1) {
      const response = await plain.app.inject({ method: 'GET', url: '/health' });
      nonces.push(/'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1] ?? '');
    }
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('allows nothing from Google when sign-in is not configured', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).not.toContain('accounts.google.com');
    expect(csp).not.toContain('frame-src');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('allows Google Identity Services script, requests, frame, style and popup when configured', async () => {
    const response = await withGoogle.app.inject({ method: 'GET', url: '/health' });
    const csp = String(response.headers['content-security-policy']);
    for (const source of GSI) expect(csp).toContain(source);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/accounts\.google\.com\/gsi\/client/);
    expect(csp).toContain("connect-src 'self' https://accounts.google.com/gsi/");
    expect(csp).toContain('frame-src https://accounts.google.com/gsi/');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('documents the avatar upload in OpenAPI as multipart', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/api/docs' });
    const document = response.json() as { paths: Record<string, { post: { requestBody: { content: object } } }> };
    expect(Object.keys(document.paths['/api/users/uploadAvatar']?.post.requestBody.content ?? {})).toEqual([
      'multipart/form-data',
    ]);
    expect(document.paths['/api/users/login']).toBeDefined();
  });
});
