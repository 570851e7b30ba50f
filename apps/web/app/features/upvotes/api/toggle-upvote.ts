import { ShoppingErrorMessage } from '@everdeal/contracts/messages';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import type { ProductCardView } from '~/shared/catalog/product-card-view';
import { currentUser } from '~/shared/session/auth-store';
import { requireLogin } from '~/shared/session/login-prompt';
import {
  type CachedUpvoteList,
  optimisticUpvote,
  productUpvote,
  withoutProductUpvote,
  withUpvote,
} from '../upvote-list';
import { UPVOTES_QUERY_KEY, useUpvotes } from './get-upvotes';

/** A product's upvote total as the server last answered it; public, so not under the user key. */
const upvoteCountKey = (productId: number) => ['upvote-count', productId] as const;

/**
 * A product's upvote button (requirements §4): optimistic like favorites, and the count shown follows
 * the server's `upvoteCount` answer, for every card of that product on screen.
 */
export function useUpvoteToggle(product: ProductCardView) {
  const queryClient = useQueryClient();
  const { data } = useUpvotes();
  const isUpvoted = productUpvote(data, product.id) !== undefined;
  const { data: answeredCount } = useQuery<number>({ queryKey: upvoteCountKey(product.id), queryFn: skipToken });
  const count = typeof answeredCount === 'number' ? answeredCount : product.upvoteCount;

  const mutation = useMutation({
    mutationKey: ['upvote', product.id],
    mutationFn: (action: 'add' | 'remove') =>
      callApi(
        action === 'add' ? 'products/addUpvote' : 'products/removeUpvote',
        { productId: product.id, variantId: null },
        { fallbackMessage: action === 'add' ? ShoppingErrorMessage.addUpvote : ShoppingErrorMessage.removeUpvote },
      ),
    onMutate: async (action) => {
      await queryClient.cancelQueries({ queryKey: UPVOTES_QUERY_KEY });
      const previous = queryClient.getQueryData<CachedUpvoteList>(UPVOTES_QUERY_KEY);
      const previousCount = queryClient.getQueryData<number>(upvoteCountKey(product.id));
      const base = previous ?? { upvotes: [], totalCount: 0 };
      queryClient.setQueryData<CachedUpvoteList>(
        UPVOTES_QUERY_KEY,
        action === 'add'
          ? withUpvote(base, optimisticUpvote(product, currentUser()?.id ?? ''))
          : withoutProductUpvote(base, product.id),
      );
      const shown = previousCount ?? product.upvoteCount;
      queryClient.setQueryData(upvoteCountKey(product.id), Math.max(0, shown + (action === 'add' ? 1 : -1)));
      return { previous, previousCount };
    },
    onError: (_error, action, context) => {
      if (context?.previousCount === undefined) queryClient.resetQueries({ queryKey: upvoteCountKey(product.id) });
      else queryClient.setQueryData(upvoteCountKey(product.id), context.previousCount);
      if (action === 'remove') queryClient.setQueryData(UPVOTES_QUERY_KEY, context?.previous);
      else void queryClient.invalidateQueries({ queryKey: UPVOTES_QUERY_KEY });
    },
    onSuccess: (answer, action) => {
      queryClient.setQueryData(upvoteCountKey(product.id), answer.upvoteCount);
      if (action === 'add') return queryClient.invalidateQueries({ queryKey: UPVOTES_QUERY_KEY });
    },
  });

  const toggle = () =>
    requireLogin(() => {
      if (mutation.isPending) return;
      const isOn = productUpvote(queryClient.getQueryData(UPVOTES_QUERY_KEY), product.id) !== undefined;
      mutation.mutate(isOn ? 'remove' : 'add');
    });

  return { isUpvoted, count, toggle, isPending: mutation.isPending };
}
