/**
 * 'Mine tider' as the first paint of its own document (MineTider.html, built by the shell from prerender.tsx): the
 * heading and the e-mail form in plain elements styled by cold.css to look as the Fluent page does, so the page shows
 * before any script has run. The button is disabled until the real page (PortalPage, through the federated app)
 * takes over; what is typed meanwhile is carried over (handover.ts). island.ts swaps the form for a status line when
 * the address holds a mailed link or the tab a session, and for the missing-clinic line when there is no clinic.
 */
import { portalMessages } from '@klinik/core/messages';
import { portalTexts as T } from '../texts';
import { COLD_EMAIL_ID, COLD_FORM_ID, COLD_STATUS_ID } from './handover';

export function ColdPage() {
  return (
    <main>
      <div className="portal-cold">
        <h1>{portalMessages.title}</h1>
        <p id={COLD_STATUS_ID} role="status" hidden />
        <section id={COLD_FORM_ID} className="portal-cold-panel" aria-labelledby="portal-cold-signin">
          <h2 id="portal-cold-signin">{T.signInTitle}</h2>
          <p>{T.signInIntro}</p>
          <form noValidate>
            <div className="portal-cold-field">
              <label htmlFor={COLD_EMAIL_ID}>
                {T.email}
                <span aria-hidden="true"> *</span>
              </label>
              <input id={COLD_EMAIL_ID} type="email" inputMode="email" autoComplete="email" maxLength={254} required />
            </div>
            <div>
              <button type="submit" disabled>
                {T.sendLink}
              </button>
            </div>
          </form>
        </section>
      </div>
    </main>
  );
}
