import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { NOTIFY_ME_TEXT } from '../../machines/notify-me.machine';
import type { Product } from '../../contract/catalogue.schemas';
import { notifyMeLogic } from '../app/notify-me-actors';
import { currentShop } from '../app/shop-context';
import { actorOptions } from '../app/actor-options';
import { getToken } from '../lib/session';
import { addButtonClass } from './add-to-cart-button';

function lineLabel(product: Product): string {
  return product.isVariantEnabled && product.variantName ? `${product.name} (${product.variantName})` : product.name;
}

type Size = 'sm' | 'md';

/** A button drawn with the card's Add button class and notify-me.css, both applied before the app's first render. */
function NoticeButton({
  kind,
  size,
  wide = false,
  busy = false,
  label,
  onClick,
  children,
}: {
  kind: 'outline' | 'ghost';
  size: 'xs' | Size;
  wide?: boolean;
  busy?: boolean;
  label?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  const classes = [addButtonClass(size === 'md' ? 'md' : 'sm'), 'notify-me-button', kind === 'outline' ? 'notify-me-outline' : 'notify-me-ghost'];
  if (size === 'xs') classes.push('notify-me-xs');
  if (!wide) classes.push('notify-me-inline');
  return (
    <button type="button" className={classes.join(' ')} aria-label={label} aria-busy={busy || undefined} disabled={busy} onClick={onClick}>
      {busy && <span className="notify-me-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** "Notify me" on a sold-out product or variant: its own machine per line (machines/notify-me.machine.ts). */
export default function NotifyMeButton({ product, size = 'md' }: { product: Product; size?: Size }) {
  const line = { branchId: currentShop().branchId, productId: product.productId, variantId: product.isVariantEnabled ? (product.variantId ?? 0) : 0 };
  const actor = useActorRef(notifyMeLogic, actorOptions({ input: { line, signedIn: Boolean(getToken()) } }));
  const waiting = useSelector(actor, (s) => s.matches('waiting') || s.matches('cancelling') || s.matches('cancelFailed'));
  const failed = useSelector(actor, (s) => s.matches('failed') || s.matches('cancelFailed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const label = lineLabel(product);
  const small = size === 'sm' ? 'xs' : 'sm';

  return (
    <div className="notify-me" data-testid="notify-me">
      {waiting ? (
        <div className="notify-me-row">
          <span className="notify-me-waiting" role="status">
            {NOTIFY_ME_TEXT.waiting}
          </span>
          {!failed && (
            <NoticeButton kind="ghost" size={small} busy={busy} label={`Cancel the notice for ${label}`} onClick={() => actor.send({ type: 'notify.cancel' })}>
              {NOTIFY_ME_TEXT.cancel}
            </NoticeButton>
          )}
        </div>
      ) : (
        !failed && (
          <NoticeButton
            kind="outline"
            size={size}
            wide
            busy={busy}
            label={`Notify me when ${label} is back in stock`}
            onClick={() => actor.send({ type: 'notify.press' })}
          >
            {NOTIFY_ME_TEXT.press}
          </NoticeButton>
        )
      )}
      {failed && (
        <>
          <p className="notify-me-error" role="alert">
            {error}
          </p>
          <NoticeButton kind="outline" size={small} wide onClick={() => actor.send({ type: 'notify.retry' })}>
            {NOTIFY_ME_TEXT.retry}
          </NoticeButton>
        </>
      )}
    </div>
  );
}
