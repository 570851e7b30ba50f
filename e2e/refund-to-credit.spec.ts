import { expect, test } from '@playwright/test';
import { waitForMail } from './auth-helpers';
import { checkAtWidths, expectNoAxeViolations } from './content-helpers';
import { buyableProducts, buyThroughApi, registerShopper, shopperApi, signInAs } from './shopping-helpers';

// Refund to store credit (shared requirements "Store credit", decision 030): the item page's
// refund asks where the money goes, the card by default; credit is there at once on /user/credit.

test('a shopper refunds an item to store credit from its page and finds the credit on /user/credit', async ({
  page,
  request,
}) => {
  test.slow();
  const shopper = await registerShopper(request, 'e2e-refund-credit');
  const products = await buyableProducts(request, 7);
  const product = products[6];
  if (!product) throw new Error('no product');
  const order = await buyThroughApi(request, shopper, product);
  const item = order.items[0];
  if (!item) throw new Error('no item');
  expect(item.refundableUntil, 'a demo deal with a refund window').not.toBeNull();
  await signInAs(page, shopper);

  await page.goto(`/order/${order.id}/${item.id}`);
  await page.getByRole('button', { name: 'Refund this item' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${product.name}?` });
  const destination = dialog.getByRole('group', { name: 'Where should the money go?' });
  const toCard = destination.getByRole('radio', { name: 'Back to your card — 5 to 10 business days' });
  const toCredit = destination.getByRole('radio', { name: 'Store credit — instant, kept in your account' });
  // The card is the default, as the API's.
  await expect(toCard).toBeChecked();
  await expect(toCredit).not.toBeChecked();
  await expect(dialog).toContainText('back on the card you paid with');
  // A keyboard picks the other one.
  await toCard.focus();
  await page.keyboard.press('ArrowUp');
  await expect(toCredit).toBeChecked();
  await expect(dialog).toContainText('back as store credit, right away');
  await expectNoAxeViolations(page);
  await checkAtWidths(page, { screenshot: (width) => `/tmp/refund-to-credit-dialog-${width}.png`, fullPage: false });

  await dialog.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(dialog).toBeHidden();
  const refund = page.getByRole('region', { name: 'Refund' });
  await expect(refund).toContainText(
    /Refunded on .*: \$[\d.,]+ was added to your store credit and the license codes are revoked\./,
  );
  await checkAtWidths(page, { screenshot: (width) => `/tmp/refund-to-credit-done-${width}.png` });

  // The refund's mail says where the money went and leads to the credit; looked at as HTML.
  const mail = await waitForMail(shopper.user.email, /was added to your store credit/);
  expect(mail).not.toContain('5 to 10 days');
  const html = mail.slice(mail.indexOf('<!'), mail.lastIndexOf('</html>') + '</html>'.length);
  const mailPage = await page.context().newPage();
  await mailPage.setContent(html);
  await expect(mailPage.getByRole('link', { name: 'See your store credit' })).toHaveAttribute(
    'href',
    /\/user\/credit$/,
  );
  await checkAtWidths(mailPage, { screenshot: (width) => `/tmp/refund-to-credit-mail-${width}.png` });
  await mailPage.close();

  await refund.getByRole('link', { name: 'store credit' }).click();
  await expect(page).toHaveURL(/\/user\/credit$/);
  const wallet = await shopperApi<{ balanceCents: number }>(request, shopper, 'wallet/getWallet');
  expect(wallet.balanceCents).toBeGreaterThan(0);
  const history = page.getByRole('list', { name: 'Store credit history' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem').first()).toContainText('Refund to credit');
  await expect(history.getByRole('listitem').first()).toContainText(`Refund of ${item.productName}: ${item.planName}`);
  await expectNoAxeViolations(page);
  await checkAtWidths(page, { screenshot: (width) => `/tmp/refund-to-credit-wallet-${width}.png` });
});
