import { PRODUCT_NAME_MAX, PRODUCT_NAME_MIN, sellerProductPath, slugFromName } from '@everdeal/contracts/seller-rules';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { TextField } from '~/components/ui/text-field';
import { ApiError } from '~/lib/api-client';
import { useCategories, useCreateProduct } from '../api/seller-requests';
import type { SellerContext } from './seller-shell';

/** `/seller/products/new`: a name, a category and an address start a private draft. */
export function NewProductForm({ seller }: SellerContext) {
  const categories = useCategories();
  const create = useCreateProduct();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [category, setCategory] = useState('');
  const [error, setError] = useState<string | null>(null);
  const shownSlug = slugEdited ? slug : slugFromName(name);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (name.trim().length < PRODUCT_NAME_MIN)
      return setError(`Give the product a name of at least ${PRODUCT_NAME_MIN} characters`);
    if (!category) return setError('Choose a category');
    try {
      const { product } = await create.mutateAsync({
        sellerId: seller.id,
        name,
        category,
        ...(shownSlug ? { slug: shownSlug } : {}),
      });
      navigate(sellerProductPath(product.id));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The product could not be created. Try again.');
    }
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-xl space-y-5">
      <h2 className="font-semibold text-ink-900 text-lg">New product</h2>
      <p className="text-ink-500 text-sm">
        It starts as a draft for {seller.name}: nobody sees it until you submit it and the team approves it.
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <TextField
        label="Product name"
        name="name"
        value={name}
        maxLength={PRODUCT_NAME_MAX}
        required
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        label="Address"
        name="slug"
        value={shownSlug}
        hint={`Your product page: /products/${shownSlug || '…'}. It cannot change once the product is approved.`}
        onChange={(event) => {
          setSlugEdited(true);
          setSlug(event.target.value.toLowerCase());
        }}
      />
      <div>
        <label htmlFor="new-product-category" className="mb-1.5 block font-medium text-ink-900 text-sm">
          Category
        </label>
        <select
          id="new-product-category"
          name="category"
          value={category}
          required
          onChange={(event) => setCategory(event.target.value)}
          className="h-12 w-full rounded-xl border border-ink-900/15 bg-white px-3.5 text-[0.9375rem]"
        >
          <option value="">{categories.isPending ? 'Loading categories…' : 'Choose a category'}</option>
          {categories.data?.map((option) => (
            <option key={option.slug} value={option.slug}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" isLoading={create.isPending}>
        Create draft
      </Button>
    </form>
  );
}
