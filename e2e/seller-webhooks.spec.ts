import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalOverflow, saveScreenshot } from './content-helpers';
import { sessionFrom } from './seller-helpers';
import { signInAs } from './shopping-helpers';

// Decision 033: a seller sets up a webhook endpoint in the seller area, keeps the secret shown
// once, sends a test event to a receiver on 127.0.0.1 (the server runs with
// WEBHOOKS_ALLOW_LOOPBACK=1), sees a failed attempt in the log and redelivers it, rotates the
// secret after a confirmation and removes the endpoint. Nothing leaves loopback.

type Received = { headers: IncomingHttpHeaders; body: string };

function startReceiver(): Promise<{ server: Server; url: string; received: Received[]; answer: { status: number } }> {
  const received: Received[] = [];
  const answer = { status: 200 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answer.status).end();
    });
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/everdeal`, received, answer }),
    ),
  );
}

/** What the docs tell a seller to do: HMAC-SHA256 of "<t>.<raw body>" with the secret, hex, any v1. */
function isSigned(secret: string, request: Received): boolean {
  const parts = String(request.headers['everdeal-signature'] ?? '')
    .split(',')
    .map((part) => part.split('=', 2) as [string, string]);
  const t = parts.find(([key]) => key === 't')?.[1];
  const expected = createHmac('sha256', secret).update(`${t}.${request.body}`).digest('hex');
  return parts.some(([key, value]) => key === 'v1' && value === expected);
}

async function readSecret(page: Page): Promise<string> {
  const reveal = page.getByRole('region', { name: 'Your signing secret' });
  await expect(reveal).toBeVisible();
  const secret = await reveal.getByLabel('Signing secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await reveal.getByRole('button', { name: 'I have saved it' }).click();
  await expect(reveal).toBeHidden();
  return secret;
}

test('a seller sets up a webhook, tests it, redelivers a failed delivery and rotates the secret', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  // Other specs buy the e2e seller's products while this one runs: their license.purchased events
  // reach this endpoint too, so the checks count the test events only.
  const testEvents = () =>
    receiver.received.filter((event) => (JSON.parse(event.body) as { type?: string }).type === 'webhook.test');
  try {
    const seller = await sessionFrom(request, 'e2e-seller.json');
    // A retry starts from no endpoint: the failed attempt may have left its own.
    await request.post('/api/seller/deleteWebhook', { headers: { authorization: `Bearer ${seller.token}` }, data: {} });
    await signInAs(page, seller);
    await page.goto('/seller');
    await page.getByRole('navigation', { name: 'Seller area' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/seller\/webhooks$/);
    await expect(page.getByRole('heading', { name: 'Add an endpoint' })).toBeVisible();

    // A private address is refused, in the field's own words.
    const url = page.getByLabel('Endpoint URL');
    await url.fill('https://10.0.0.8/hooks');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await expect(page.getByText('This URL must point to a public internet address')).toBeVisible();

    await url.fill(receiver.url);
    await page.getByRole('checkbox', { name: /license\.transferred/ }).uncheck();
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    let secret = await readSecret(page);
    await expect(page.getByRole('heading', { name: 'Your endpoint' })).toBeVisible();
    await expect(page.getByText(`…${secret.slice(-4)}`)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /license\.transferred/ })).not.toBeChecked();

    // A test event arrives signed with the secret and shows as delivered.
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => testEvents().length).toBe(1);
    expect(isSigned(secret, testEvents()[0] as Received)).toBe(true);
    const log = page.getByRole('table', { name: 'Webhook deliveries, newest first' });
    // Rows by their event id: another spec's purchase may arrive in between and be the newest row.
    const rowOf = (event: Received) =>
      log.getByRole('row').filter({ hasText: String(event.headers['everdeal-event-id']) });
    const delivered = rowOf(testEvents()[0] as Received);
    await expect(delivered).toContainText('Delivered', { timeout: 15_000 });
    await expect(delivered).toContainText('200');

    // A refused attempt waits to retry; Redeliver sends it again at once.
    receiver.answer.status = 500;
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => testEvents().length).toBe(2);
    const failed = rowOf(testEvents()[1] as Received);
    await expect(failed).toContainText('Waiting to retry', { timeout: 15_000 });
    await expect(failed).toContainText('500');
    await saveScreenshot(page, 'test-results/seller-webhooks-1280.png', { fullPage: true });
    await expectNoAxeViolations(page);
    receiver.answer.status = 204;
    await failed.getByRole('button', { name: /^Redeliver/ }).click();
    await expect(failed).toContainText('Delivered', { timeout: 15_000 });
    await expect(failed).toContainText('204');
    await expect.poll(() => testEvents().length).toBe(3);
    const ids = testEvents().map((event) => event.headers['everdeal-event-id']);
    expect(ids).toHaveLength(3);
    expect(ids[2]).toBe(ids[1]);

    // Rotation asks first, then shows the new secret once; the next event is signed with it.
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = await readSecret(page);
    expect(rotated).not.toBe(secret);
    secret = rotated;
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => testEvents().length).toBe(4);
    expect(isSigned(secret, testEvents()[3] as Received)).toBe(true);

    // A routine rotation keeps the old secret signing for a day: both signatures, then the new one.
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const keeping = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await expect(keeping.getByRole('radio', { name: /^Stop the current secret now/ })).toBeChecked();
    await keeping.getByRole('radio', { name: /^Keep it signing for 24 hours/ }).check();
    await saveScreenshot(page, 'test-results/seller-webhooks-rotate-1280.png');
    await keeping.getByRole('button', { name: 'Rotate secret' }).click();
    const kept = secret;
    secret = await readSecret(page);
    await expect(page.getByText(/The previous secret also signs until /)).toBeVisible();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => testEvents().length).toBe(5);
    expect(isSigned(kept, testEvents()[4] as Received)).toBe(true);
    expect(isSigned(secret, testEvents()[4] as Received)).toBe(true);

    // At 375 px: nothing scrolls sideways but the log's own box.
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, 'test-results/seller-webhooks-375.png', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Removing asks first; the page goes back to an empty form.
    await page.getByRole('button', { name: 'Remove endpoint' }).click();
    await page
      .getByRole('dialog', { name: 'Remove this endpoint?' })
      .getByRole('button', { name: 'Remove endpoint' })
      .click();
    await expect(page.getByRole('heading', { name: 'Add an endpoint' })).toBeVisible();
  } finally {
    receiver.server.close();
  }
});
