import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, registerUser, uniqueEmail } from '../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../test/app';

const TOO_MANY = { code: 429, msg: 'Too many requests, please try again later', data: null };

describe('in-process limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: {
        loginFailuresPerIpAndEmail: { points: 2, durationSeconds: 86_400 },
        loginPerIp: { points: 6, durationSeconds: 900 },
        registerPerIp: { points: 2, durationSeconds: 3600 },
        forgotPerIpAndEmail: { points: 2, durationSeconds: 3600 },
        resetPerIp: { points: 2, durationSeconds: 900 },
      },
    });
  });
  afterAll(() => t?.close());

  it('login: one address spraying many accounts hits the per-address limit, with Retry-After', async () => {
    const ip = '10.0.1.1';
    const answers = [];
    for (let i = 0; i < 7; i += 1) {
      answers.push(await callApi(t.app, 'users/login', { email: uniqueEmail(), password: 'wrong-password' }, { ip }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 400, 429]);
    expect(answers[6]?.body).toEqual(TOO_MANY);
    expect(Number(answers[6]?.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('a successful login clears the failures of that account from that address', async () => {
    const ip = '10.0.2.1';
    const user = await registerUser(t.app, {}, { ip });
    const attempt = (password: string) => callApi(t.app, 'users/login', { email: user.email, password }, { ip });
    expect((await attempt('wrong-password')).status).toBe(400);
    expect((await attempt('wrong-password')).status).toBe(400);
    expect((await attempt(user.password)).status).toBe(200);
    // Two free failures again, and no wait before the right password.
    expect((await attempt('wrong-password')).status).toBe(400);
    expect((await attempt('wrong-password')).status).toBe(400);
    expect((await attempt(user.password)).status).toBe(200);
  });

  it('register is limited per address', async () => {
    const ip = '10.0.3.1';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push(
        (await callApi(t.app, 'users/register', { email: uniqueEmail(), password: GOOD_PASSWORD }, { ip })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('a client on a public address cannot pick its address with X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: uniqueEmail(), password: GOOD_PASSWORD },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('forgotPassword is limited per address and account; other addresses can still ask', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (const ip of ['10.0.4.1', '10.0.4.1', '10.0.4.1', '10.0.4.2']) {
      statuses.push((await callApi(t.app, 'users/forgotPassword', { email }, { ip })).status);
    }
    expect(statuses).toEqual([200, 200, 429, 200]);
  });

  it('resetPassword is limited per address', async () => {
    const ip = '10.0.5.1';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push(
        (await callApi(t.app, 'users/resetPassword', { token: `t${i}`, password: GOOD_PASSWORD }, { ip })).status,
      );
    }
    expect(statuses).toEqual([400, 400, 429]);
  });
});

describe('Redis-backed limits', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('two server instances sharing one Redis share the count', async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const prefix = `test:${randomBytes(6).toString('hex')}`;
    const options = {
      env: { REDIS_URL: redisUrl },
      // A prefix of its own, so parallel runs and other tests never share these counters.
      rateLimitKeyPrefix: prefix,
      rateLimits: { forgotPerIpAndEmail: { points: 3, durationSeconds: 60 } },
    };
    apps.push(await createTestApp(options), await createTestApp(options));
    const [a, b] = apps as [TestApp, TestApp];
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (const app of [a, b, a, b]) {
      statuses.push((await callApi(app.app, 'users/forgotPassword', { email })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The count lives in Redis (it expires with its window).
    const redis = new Redis(redisUrl);
    try {
      const keys = await redis.keys(`${prefix}:*`);
      expect(keys.some((key) => key.startsWith(`${prefix}:forgotPerIpAndEmail`))).toBe(true);
      await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });
});
