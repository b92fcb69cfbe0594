/**
 * 'Vælg betalingsmetode' (spec 3 §4, Payment flow): pay with a new card on the provider's page (the default; the card
 * id is sent as null) or with one of the clinic's saved cards (masked). Loaded when first opened. The saved cards come
 * through the data layer; a failed load says so and still offers the new card.
 */
import { useState } from 'react';
import { Caption1, Radio, RadioGroup, Spinner, Text, makeStyles } from '@fluentui/react-components';
import { FormDialog, LoadError, useQuery } from '@klinik/ui';
import { queryKeys, type CommerceApi } from '../api';
import { texts } from '../texts';

const T = texts.paymentMethod;
const NEW_CARD = 'new';

const useStyles = makeStyles({
  what: { fontWeight: 600 },
});

export default function PaymentMethodDialog({
  api,
  what,
  pending,
  error,
  payLabel = T.pay,
  onPay,
  onClose,
}: {
  api: CommerceApi;
  /** What is bought, e.g. 'Pro: 149 kr. pr. måned ekskl. moms'. */
  what: string;
  pending: boolean;
  /** The failure of the last attempt (the server's message). */
  error: string | null;
  /** The saved card's button: 'Betal', or what happens instead when nothing is paid now (Pro ordered in the trial). */
  payLabel?: string;
  onPay: (cardId: string | null) => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const cards = useQuery(queryKeys.cards, () => api.cards());
  const [choice, setChoice] = useState(NEW_CARD);
  const cardId = choice === NEW_CARD ? null : choice;

  return (
    <FormDialog
      title={T.title}
      describedBy="payment-method-what"
      onClose={onClose}
      onSubmit={() => onPay(cardId)}
      busy={pending}
      error={error}
      submitLabel={cardId === null ? T.continue : payLabel}
      cancelLabel={T.cancel}
    >
      <Text id="payment-method-what" className={styles.what}>
        {what}
      </Text>
      {cards.error !== null && <LoadError title={T.cardsFailed} detail={cards.error} onRetry={() => void cards.refresh()} retryLabel={texts.retry} />}
      <RadioGroup aria-label={T.legend} value={choice} onChange={(_, data) => setChoice(data.value)} disabled={pending}>
        <Radio value={NEW_CARD} label={T.newCard} />
        {(cards.data ?? []).map((card) => (
          <Radio key={card.id} value={card.id} label={T.savedCard(card.card.masked_card)} />
        ))}
      </RadioGroup>
      {cards.loading && <Spinner size="extra-tiny" labelPosition="after" label={T.loading} />}
      {cardId === null && <Caption1>{T.newCardHint}</Caption1>}
    </FormDialog>
  );
}
