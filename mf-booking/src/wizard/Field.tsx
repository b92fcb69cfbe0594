/** A labelled input of the public pages (plain elements, wizard.css): its error below it, announced as an alert. */
import type { ReactNode } from 'react';

export function Field({ id, label, required, error, children }: { id: string; label: string; required?: boolean; error?: string; children: ReactNode }) {
  return (
    <div className="kb-field">
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="kf-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <span className="kb-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
