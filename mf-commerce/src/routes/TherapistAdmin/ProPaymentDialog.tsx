/**
 * Pro for a therapist through 'Vælg betalingsmetode' (spec 3 §4, Plan choice for a therapist and the status dialog's
 * active): a saved card at once, or the provider's page in this tab (mf-commerce's purchase helpers: one idempotency
 * key per purchase, the way back to this page), which returns to /AdministrerTerapeut. Loaded when first opened, with
 * the purchase code, so the page's first load does not carry it.
 */
import { useMemo, useState } from 'react';
import { THERAPIST_PRO_PLAN } from '@klinik/core/commerce';
import type { ActionClient } from '@klinik/core/client';
import { useMutation } from '@klinik/ui';
import { commerceApi } from '../../api';
import PaymentMethodDialog from '../../components/PaymentMethodDialog';
import { PurchaseKeys } from '../../purchase/key';
import { useCheckout } from '../../purchase/useCheckout';
import { therapistKeys, type TherapistApi } from './api';
import { texts } from './texts';

const PAGE_PATH = '/AdministrerTerapeut';

export default function ProPaymentDialog({
  api,
  client,
  therapist,
  notify,
  onClose,
}: {
  api: TherapistApi;
  client: ActionClient;
  therapist: { id: string; name: string };
  notify: (text: string, intent?: 'success' | 'error') => void;
  onClose: () => void;
}) {
  const commerce = useMemo(() => commerceApi(client), [client]);
  const { leaving, leave } = useCheckout(PAGE_PATH);
  const [keys] = useState(() => new PurchaseKeys());
  const buy = useMutation(
    async (cardId: string | null) => {
      try {
        const answer = await api.buyPro(therapist.id, cardId, keys.key());
        keys.settle();
        return answer;
      } catch (reason) {
        keys.settle(reason);
        // Spec 3 §8: the server's message, or 'An error occurred while activating the therapist.'
        throw reason instanceof Error && reason.message ? reason : new Error(texts.status.activationFailed);
      }
    },
    {
      notify,
      successText: false,
      invalidates: [therapistKeys.list, therapistKeys.users],
      onSuccess: (answer) => {
        if (answer.url) return leave(answer.url);
        notify(answer.message);
        onClose();
      },
    },
  );
  return (
    <PaymentMethodDialog
      api={commerce}
      what={texts.planChoice.paymentWhat(therapist.name, THERAPIST_PRO_PLAN.priceOre)}
      pending={buy.pending || leaving}
      error={buy.error}
      onPay={(cardId) => void buy.run(cardId)}
      onClose={() => {
        buy.reset();
        onClose();
      }}
    />
  );
}
