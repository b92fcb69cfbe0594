/**
 * Step 3 for a treatment: the therapist's treatments (for an existing client, those open to them), or the clinic's
 * contact details when there are none. A failed load says so with 'Prøv igen'.
 */
import type { Dispatch } from 'react';
import type { ActionClient } from '@klinik/core/client';
import { formatKroner } from '@klinik/core/rules';
import { noTreatmentsMessage } from '@klinik/core/messages';
import type { PublicTherapist } from '@klinik/core';
import { useQuery } from '@klinik/ui';
import { texts } from '../../texts';
import { Loaded } from '../Loaded';
import type { WizardAction, WizardState } from '../state';
import { Back } from './Back';

export function TreatmentStep({
  client,
  therapist,
  state,
  dispatch,
}: {
  client: ActionClient;
  therapist: PublicTherapist & { id: string };
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}) {
  const treatments = useQuery(['clientGetTreatmentsFromTherapist', therapist.id], () => client.call('clientGetTreatmentsFromTherapist', { therapistId: therapist.id }));
  return (
    <section>
      <h2>{texts.chooseTreatment}</h2>
      <Loaded query={treatments}>
        {({ data }) => (
          <>
            {data.length === 0 && (
              <p className="kb-info" role="status">
                {noTreatmentsMessage(therapist.companyEmail, therapist.companyPhone)}
              </p>
            )}
            <div className="kb-choices" role="radiogroup" aria-label={texts.chooseTreatment}>
              {data.map((option) => (
                <button
                  key={option.id}
                  type="button"
                  role="radio"
                  aria-checked={state.treatment?.id === option.id}
                  className="kb-choice"
                  onClick={() => dispatch({ type: 'chooseTreatment', treatment: option })}
                >
                  <strong>{option.name}</strong>
                  <small>
                    {/* Paid at booking: the price as it is paid (VAT included where the clinic charges it). */}
                    {texts.minutes(option.duration / 60)} · {formatKroner(option.payment?.priceOre ?? Math.round(option.price * 100))}
                  </small>
                  {option.payment && (
                    <small className="kb-pay-note">
                      {option.payment.atBooking === 'deposit' ? texts.payment.depositAtBooking(formatKroner(option.payment.payNowOre)) : texts.payment.atBooking(formatKroner(option.payment.payNowOre))}
                    </small>
                  )}
                </button>
              ))}
            </div>
          </>
        )}
      </Loaded>
      <div className="kb-actions">
        <Back onClick={() => dispatch({ type: 'back', to: 2 })} />
      </div>
    </section>
  );
}
