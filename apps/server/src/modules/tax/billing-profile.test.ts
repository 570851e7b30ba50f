import type { BillingProfile } from '@everdeal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';

/** Decision 037: `users/getBillingProfile` and `users/updateBillingProfile` through HTTP and a database. */

const CLOCK = new Date('2026-11-28T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => CLOCK });
});
afterAll(() => t?.close());

const getProfile = (token: string) =>
  callApi<{ profile: BillingProfile | null }>(t.app, 'users/getBillingProfile', {}, { token });
const update = (token: string, input: Record<string, unknown>) =>
  callApi<{ profile: BillingProfile }>(t.app, 'users/updateBillingProfile', input, { token });

describe('billing profile', () => {
  it('is null before one is saved, and needs a login', async () => {
    const user = await registerUser(t.app);
    const { status, body } = await getProfile(user.token);
    expect(status).toBe(200);
    expect(body.data).toEqual({ profile: null });
    expect((await callApi(t.app, 'users/getBillingProfile', {})).status).toBe(401);
  });

  it('saves a business profile with its VAT id normalised, and reads it back', async () => {
    const user = await registerUser(t.app);
    const { status, body } = await update(user.token, {
      name: '  Ada Lovelace ',
      companyName: 'Analytical GmbH',
      vatId: 'de 136.695-976',
      country: 'de',
      addressLine: 'Hauptstraße 1',
      city: 'Berlin',
      postalCode: '10115',
    });
    expect(status).toBe(200);
    const expected = {
      name: 'Ada Lovelace',
      companyName: 'Analytical GmbH',
      vatId: 'DE136695976',
      country: 'DE',
      addressLine: 'Hauptstraße 1',
      city: 'Berlin',
      postalCode: '10115',
      reverseCharge: true,
      updatedAt: CLOCK.toISOString(),
    };
    expect(body.data).toEqual({ profile: expected });
    expect((await getProfile(user.token)).body.data).toEqual({ profile: expected });
  });

  it('replaces the whole profile: fields left out or empty become null', async () => {
    const user = await registerUser(t.app);
    await update(user.token, { name: 'Old', vatId: 'FR40303265045', country: 'FR', city: 'Paris' });
    const { body } = await update(user.token, { country: 'US', city: '' });
    expect(body.data?.profile).toMatchObject({
      name: null,
      vatId: null,
      country: 'US',
      city: null,
      reverseCharge: false,
    });
  });

  it('refuses an unknown country and a VAT id of another country, naming the field', async () => {
    const user = await registerUser(t.app);
    const unknown = await update(user.token, { country: 'XX' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.msg).toBe('country: must be a two-letter ISO country code, such as DE or US');
    const foreign = await update(user.token, { country: 'DE', vatId: 'FR40303265045' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.msg).toBe('vatId: must start with DE, the VAT prefix of your billing country');
    const checksum = await update(user.token, { country: 'DE', vatId: 'DE136695977' });
    expect(checksum.body.msg).toBe('vatId: is not a valid DE VAT id: its check digits do not match');
    const outside = await update(user.token, { country: 'US', vatId: 'DE136695976' });
    expect(outside.body.msg).toMatch(/^vatId: must be left empty/);
    const missing = await update(user.token, { vatId: 'DE136695976' });
    expect(missing.status).toBe(422);
    expect((await getProfile(user.token)).body.data).toEqual({ profile: null });
  });

  it('takes Greece’s EL prefix', async () => {
    const user = await registerUser(t.app);
    const { status, body } = await update(user.token, { country: 'GR', vatId: 'EL094259216' });
    expect(status).toBe(200);
    expect(body.data?.profile).toMatchObject({ country: 'GR', vatId: 'EL094259216', reverseCharge: true });
  });
});
