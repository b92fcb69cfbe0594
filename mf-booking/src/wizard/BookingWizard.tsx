/**
 * The public online booking (spec 1 §2, §4, §5, §8): six steps from 'Behandling or Kursus' to 'Din booking er nu
 * oprettet.'. Used by the /OnlineBooking route in the shell and by the standalone page for iframes, so it uses
 * plain elements and its own CSS (the standalone page must stay under 100 KB gzip with React).
 *
 * This file loads the therapist's page and lays out the steps; each step is a component in steps/, what the
 * client has chosen is one reducer (state.ts), and the booking is sent by book.ts. A treatment paid at booking sends
 * the client on to the provider's checkout; its return (`#betaling=<token>`) shows PaymentReturn instead of the steps.
 */
import { useCallback, useEffect, useReducer, useState, type Dispatch } from 'react';
import { ActionError, type ActionClient } from '@klinik/core/client';
import { bookingMessages } from '@klinik/core/messages';
import type { PublicTherapist } from '@klinik/core';
import { invalidateQueries, partOnDemand, useMutation, useQuery } from '@klinik/ui';
import { texts } from '../texts';
import { sendBooking } from './book';
import { LoadFailed } from './Loaded';
import type { PaymentReturnLink } from './payment-return';
import { initialWizard, wizardReducer, type WizardAction, type WizardState } from './state';
import { ClientKindStep } from './steps/ClientKindStep';
import { CourseStep } from './steps/CourseStep';
import { DatesStep } from './steps/DatesStep';
import { DetailsStep } from './steps/DetailsStep';
import { DoneStep } from './steps/DoneStep';
import { KindStep } from './steps/KindStep';
import { TimeStep } from './steps/TimeStep';
import { TreatmentStep } from './steps/TreatmentStep';
import './wizard.css';

// Only a client coming back from the checkout needs it.
const PaymentReturn = partOnDemand(() => import(/* webpackChunkName: "payment-return" */ './PaymentReturn'), <p>{texts.loading}</p>);

/**
 * Off to the provider's checkout. In an iframe on the clinic's own site the whole window goes (the checkout and
 * MobilePay's app switch do not work framed, and the client comes back to the app's booking page).
 */
function openCheckout(url: string, framed: boolean) {
  if (framed) window.open(url, '_top');
  else window.location.assign(url);
}

/** The therapist's public page, or null when there is no such page (an unknown or malformed id). */
/** The therapist, null for a link that names nobody, 'closed' for a clinic that takes no online bookings (disabled or deleted). */
async function loadTherapist(client: ActionClient, therapistId: string): Promise<PublicTherapist | null | 'closed'> {
  try {
    return (await client.call('clientGetTherapistInfo', { therapistId })).data;
  } catch (reason) {
    if (reason instanceof ActionError && reason.status === 404 && reason.message === bookingMessages.clinicClosed) return 'closed';
    if (reason instanceof ActionError && (reason.status === 400 || reason.status === 404)) return null;
    throw reason; // anything else (no connection, say) is a failure to show with 'Prøv igen'
  }
}

/**
 * Where 'Mine tider' is for this page: the portal lives in the shell (`/MineTider?therapistId=…`) at `appUrl`, or at
 * this document's origin when none is given (the shell's own /OnlineBooking). In an iframe it opens in a new tab: the
 * app may not be framed.
 */
export interface PortalLink {
  appUrl?: string;
  newTab?: boolean;
}

export function BookingWizard({
  client,
  therapistId,
  portal = {},
  paymentReturn = null,
  goToCheckout = (url) => openCheckout(url, portal.newTab === true),
}: {
  client: ActionClient;
  therapistId: string | null;
  portal?: PortalLink;
  /** Back from the provider's checkout (`#betaling=…`, payment-return.ts). */
  paymentReturn?: PaymentReturnLink | null;
  goToCheckout?: (url: string) => void;
}) {
  const therapist = useQuery(therapistId ? ['clientGetTherapistInfo', therapistId] : null, () => (therapistId ? loadTherapist(client, therapistId) : Promise.resolve(null)));
  const notFound = (
    <div className="kb">
      <p className="kb-alert" role="alert">
        {texts.notFound}
      </p>
    </div>
  );
  if (!therapistId) return notFound;
  if (therapist.error !== null && therapist.data === undefined) {
    return (
      <div className="kb">
        <LoadFailed message={therapist.error} onRetry={() => void therapist.refresh()} />
      </div>
    );
  }
  if (therapist.data === undefined) return <div className="kb">{texts.loading}</div>;
  if (therapist.data === null) return notFound;
  if (therapist.data === 'closed') {
    return (
      <div className="kb">
        <p className="kb-alert" role="alert">
          {bookingMessages.clinicClosed}
        </p>
      </div>
    );
  }
  return <Wizard client={client} therapist={{ ...therapist.data, id: therapistId }} portal={portal} paymentReturn={paymentReturn} goToCheckout={goToCheckout} />;
}

function Wizard({
  client,
  therapist,
  portal,
  paymentReturn,
  goToCheckout,
}: {
  client: ActionClient;
  therapist: PublicTherapist & { id: string };
  portal: PortalLink;
  paymentReturn: PaymentReturnLink | null;
  goToCheckout: (url: string) => void;
}) {
  const [state, dispatch] = useReducer(wizardReducer, Date.now(), initialWizard);
  // Leaving for the checkout: the button stays busy until the page is gone.
  const [leaving, setLeaving] = useState(false);
  // Back from the checkout with the browser's back button, the page may be shown again as it was left.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);
  const booking = useMutation((chosen: WizardState) => sendBooking(client, therapist.id, chosen), {
    onSuccess: (answer) => {
      if (answer.checkoutUrl === undefined) return dispatch({ type: 'booked', waiting: answer.waiting });
      setLeaving(true);
      goToCheckout(answer.checkoutUrl);
    },
    // The time may be gone: the client chooses again from the times the server answers now.
    onError: () => {
      dispatch({ type: 'bookingRefused' });
      void invalidateQueries(['clientGetAvailable']);
    },
  });
  const { reset: resetBooking } = booking;
  // A refusal stays on screen until the client goes on from their details again or starts anew.
  const act: Dispatch<WizardAction> = useCallback(
    (action) => {
      if (action.type === 'toChoice' || action.type === 'restart') resetBooking();
      dispatch(action);
    },
    [resetBooking],
  );
  const book = () => void booking.run(state);

  const style = { ['--kb-theme' as string]: therapist.colors[1] ?? '#35408e' };
  const header = (
    <>
      <h1>Online booking</h1>
      <p className="kb-clinic">
        {therapist.companyName} · {therapist.nameFirst} {therapist.nameLast}
      </p>
      <p className="kb-portal">
        {texts.alreadyBooked}{' '}
        <a
          href={`${portal.appUrl ?? ''}/MineTider?therapistId=${encodeURIComponent(therapist.id)}`}
          {...(portal.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {texts.myBookings}
        </a>
      </p>
    </>
  );
  // Back from paying: the booking is made or held already, whether or not the form is still open.
  if (paymentReturn) {
    return (
      <div className="kb" style={style}>
        {header}
        <PaymentReturn client={client} token={paymentReturn.token} cancelled={paymentReturn.cancelled} bookAgainHref={`?therapistId=${encodeURIComponent(therapist.id)}`} />
      </div>
    );
  }

  if (!therapist.bookingFormEnabled) {
    return (
      <div className="kb" style={style}>
        {header}
        <p className="kb-alert" role="alert">
          {bookingMessages.formDisabled}
        </p>
      </div>
    );
  }

  const { step, kind } = state;
  return (
    <div className="kb" style={style}>
      {header}
      <ol className="kb-steps" aria-label={`Trin ${step + 1} af 6: ${texts.steps[step]}`}>
        {texts.steps.map((label, index) => (
          <li key={label} data-done={index <= step} aria-current={index === step ? 'step' : undefined} />
        ))}
      </ol>
      {booking.error && (
        <p className="kb-alert" role="alert">
          {booking.error}
        </p>
      )}
      {step === 0 && <KindStep dispatch={act} />}
      {step === 1 && <ClientKindStep kind={kind} takesNewClients={therapist.isAvailable} dispatch={act} />}
      {step === 2 && <DetailsStep state={state} dispatch={act} />}
      {step === 3 && kind === 'treatment' && <TreatmentStep client={client} therapist={therapist} state={state} dispatch={act} />}
      {step === 3 && kind === 'course' && <CourseStep client={client} therapistId={therapist.id} state={state} dispatch={act} />}
      {step === 4 && kind === 'treatment' && state.treatment && (
        <TimeStep client={client} therapistId={therapist.id} treatment={state.treatment} state={state} dispatch={act} sending={booking.pending || leaving} onBook={book} />
      )}
      {step === 4 && kind === 'course' && state.course && (
        <DatesStep client={client} course={state.course} state={state} dispatch={act} sending={booking.pending} onBook={book} />
      )}
      {step === 5 && <DoneStep waiting={state.waiting} onRestart={() => act({ type: 'restart', now: Date.now() })} />}
    </div>
  );
}
