/**
 * Step 4's terms for a treatment paid at booking: the price (VAT included), what is paid now (all of it, or the deposit and what is
 * left for the clinic), the cancellation rule as the server wrote it (the text the client accepts and the booking
 * stores), the required acceptance, and, when the treatment has a fee, whether the card may be kept for it.
 */
import type { Dispatch } from 'react';
import type { PublicTreatment } from '@klinik/core';
import { formatKroner } from '@klinik/core/rules';
import { texts } from '../../texts';
import type { WizardAction, WizardState } from '../state';

const T = texts.payment;

export function PaymentTerms({
  payment,
  state,
  dispatch,
  acceptMissing,
}: {
  payment: NonNullable<PublicTreatment['payment']>;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  /** 'Gå til betaling' was pressed without the rule accepted. */
  acceptMissing: boolean;
}) {
  // The whole price as the invoice will total it (VAT included where the clinic charges it), not the list price.
  const { priceOre } = payment;
  const deposit = payment.atBooking === 'deposit';
  return (
    <section className="kb-pay" aria-labelledby="kb-pay-title">
      <h3 id="kb-pay-title">{T.title}</h3>
      <dl className="kb-amounts">
        <dt>{T.price}</dt>
        <dd>{formatKroner(priceOre)}</dd>
        <dt>{deposit ? T.payNowDeposit : T.payNowFull}</dt>
        <dd>
          <strong>{formatKroner(payment.payNowOre)}</strong>
        </dd>
        {deposit && priceOre > payment.payNowOre && (
          <>
            <dt>{T.rest}</dt>
            <dd>{formatKroner(priceOre - payment.payNowOre)}</dd>
          </>
        )}
      </dl>
      <p className="kb-description">{T.methods}</p>
      <h4>{T.rule}</h4>
      <p id="kb-pay-rule">{payment.rule}</p>
      <label className="kb-check">
        <input
          type="checkbox"
          checked={state.acceptRule}
          required
          aria-invalid={acceptMissing && !state.acceptRule}
          aria-describedby="kb-pay-rule"
          onChange={(event) => dispatch({ type: 'setAcceptRule', accept: event.target.checked })}
        />
        <span>{T.accept}</span>
      </label>
      {acceptMissing && !state.acceptRule && (
        <p className="kb-error" role="alert">
          {T.acceptMissing}
        </p>
      )}
      {payment.noShowFeeOre > 0 && (
        <>
          <label className="kb-check">
            <input type="checkbox" checked={state.saveCard} aria-describedby="kb-pay-card" onChange={(event) => dispatch({ type: 'setSaveCard', save: event.target.checked })} />
            <span>{T.saveCard}</span>
          </label>
          <p id="kb-pay-card" className="kb-description">
            {T.saveCardHint}
          </p>
        </>
      )}
    </section>
  );
}
