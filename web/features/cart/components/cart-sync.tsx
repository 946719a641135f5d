import { useEffect, useRef } from 'react';
import type { CartChange } from '../../../../common/schemas/cart.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSession } from '../../auth/api/session-queries.ts';
import { useMergeCart } from '../api/cart-queries.ts';
import { clearLocalCart, useLocalCart } from '../local-cart.ts';

/** What a person is told of a line the merge had to change. */
export function mergeChangeNotice(change: CartChange): string {
  const name = change.product ?? 'A tool in your cart';
  return change.quantity === 0 ? `${name}: ${change.message} It was taken out of your cart.` : `${name}: ${change.message} Your cart now has ${change.quantity}.`;
}

/**
 * Where the web app learns that someone is signed in (the session query, whichever way they signed in:
 * password, Google, phone): a cart kept in this browser joins their account's cart on the server,
 * and is then cleared here. Each line the merge had to change is said in a notice. A merge that fails
 * keeps the browser's cart, to try again at the next visit.
 */
export function CartSync() {
  const session = useSession();
  const userId = session.data?.id;
  const lines = useLocalCart();
  const { mutate } = useMergeCart();
  const toast = useToast();
  // One merge at a time, even when React runs the effect twice; a failed one is not retried until the cart or the person changes.
  const tried = useRef<{ lines: readonly unknown[]; userId: string } | null>(null);

  useEffect(() => {
    if (!userId || lines.length === 0) return;
    if (tried.current?.userId === userId && tried.current.lines === lines) return;
    tried.current = { userId, lines };
    mutate(
      { userId, lines },
      {
        onSuccess: ({ changes }) => {
          clearLocalCart();
          for (const change of changes) toast(mergeChangeNotice(change), 'error');
        },
      },
    );
  }, [userId, lines, mutate, toast]);

  return null;
}
