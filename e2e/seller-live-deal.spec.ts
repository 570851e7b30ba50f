import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { liveProduct, sessionFrom } from './seller-helpers';
import { signInAs } from './shopping-helpers';

// Decision 019: on a live deal the editor says the rule beside the fields, the server's refusal
// shows under the field it is about, and a price cut lands in the admin's audit log as money.

test('a live deal’s price only goes down, and the cut is in the audit log', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `Ledger ${randomBytes(3).toString('hex')}`;
  const product = await liveProduct(request, name);
  await signInAs(page, await sessionFrom(request, 'e2e-seller.json'));

  await page.goto(`/seller/products/${product.id}`);
  await expect(page.getByText('Live deal: the refund window can only get longer')).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).first().click();
  const plan = page.getByRole('form', { name: 'Plan Tier 1' });
  const price = plan.getByLabel('Deal price ($)');
  await expect(price).toHaveAccessibleDescription('Live deal: the price can only go down');

  await price.fill('99999.99');
  await plan.getByLabel('Original price ($)').fill('99999.99');
  await plan.getByRole('button', { name: 'Save plan' }).click();
  await expect(price).toHaveAccessibleDescription(
    /A live deal’s price can only go down\. To charge more, add a new plan\./,
  );
  await expect(price).toHaveAttribute('aria-invalid', 'true');

  await price.fill('39');
  await plan.getByLabel('Original price ($)').fill('299');
  await plan.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByRole('heading', { name: /Tier 1 \$39 once \(was \$299\)/ })).toBeVisible();

  await signInAs(page, await sessionFrom(request, 'e2e-admin.json'));
  await page.goto('/admin/audit');
  const entry = page.getByRole('listitem').filter({ hasText: `product ${product.id}, plan Tier 1` });
  await expect(entry.filter({ hasText: 'plan.update' })).toContainText('by seller');
  await expect(entry.filter({ hasText: 'plan.update' })).toContainText('price:$49 → $39');
});
