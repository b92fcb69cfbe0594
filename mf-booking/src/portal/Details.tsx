/**
 * 'Mine oplysninger': the client corrects their phone and address; a new e-mail gets a confirmation link first and
 * applies once confirmed. Name and CPR are the clinic's to change (they identify the client's journal).
 */
import { useState, type FormEvent } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Text, type InputProps } from '@fluentui/react-components';
import type { ClientPortal } from '@klinik/core';
import { useMutation } from '@klinik/ui';
import type { PortalApi } from './api';
import { portalTexts as T } from './texts';
import { usePortalStyles } from './styles';

type Client = ClientPortal['client'];
const EDITABLE = ['phonePrivate', 'address', 'post', 'town', 'email'] as const;
type Editable = (typeof EDITABLE)[number];

export function Details({ client, api, onSaved }: { client: Client; api: PortalApi; onSaved: (client: Client) => void }) {
  const styles = usePortalStyles();
  const [values, setValues] = useState<Record<Editable, string>>(() => ({ phonePrivate: client.phonePrivate, address: client.address, post: client.post, town: client.town, email: client.email }));
  const [saved, setSaved] = useState<string | null>(null);
  // Only what changed is sent: an untouched e-mail is not a new one to confirm.
  const changes = Object.fromEntries(EDITABLE.filter((key) => values[key].trim() !== client[key]).map((key) => [key, values[key].trim()])) as Partial<Record<Editable, string>>;
  const save = useMutation(() => api.setDetails(changes), {
    onSuccess: (answer) => {
      setSaved(answer.message);
      onSaved(answer.data);
      setValues({ phonePrivate: answer.data.phonePrivate, address: answer.data.address, post: answer.data.post, town: answer.data.town, email: answer.data.email });
    },
  });
  const errorOf = (key: Editable) => save.fieldErrors[key];
  const field = (key: Editable, label: string, props: InputProps = {}) => (
    <Field label={label} validationMessage={errorOf(key)}>
      <Input
        {...props}
        value={values[key]}
        onChange={(_, data) => {
          setSaved(null);
          setValues((current) => ({ ...current, [key]: data.value }));
        }}
      />
    </Field>
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    void save.run(undefined);
  }

  const unsaved = Object.keys(changes).length > 0;
  return (
    <section className={styles.panel} aria-labelledby="portal-details">
      <h2 id="portal-details" className={styles.heading}>
        {T.details}
      </h2>
      <div>
        <Text block className={styles.strong}>
          {T.name}
        </Text>
        <Text block>
          {client.nameFirst} {client.nameLast}
        </Text>
        <Text block className={styles.muted}>
          {T.nameAndCpr}
        </Text>
      </div>
      <form className={styles.form} onSubmit={submit} noValidate>
        {field('phonePrivate', T.phone, { type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: 20 })}
        {field('address', T.address, { autoComplete: 'street-address', maxLength: 200 })}
        <div className={styles.row}>
          {field('post', T.post, { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 8 })}
          {field('town', T.town, { autoComplete: 'address-level2', maxLength: 100 })}
        </div>
        {field('email', T.email, { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 254 })}
        {client.pendingEmail && <Text className={styles.muted}>{T.pendingEmail(client.pendingEmail)}</Text>}
        {save.error && Object.keys(save.fieldErrors).length === 0 && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{save.error}</MessageBarBody>
          </MessageBar>
        )}
        {saved && (
          <MessageBar intent="success" role="status">
            <MessageBarBody>{saved}</MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={!unsaved || save.pending}>
            {save.pending ? T.saving : T.save}
          </Button>
        </div>
      </form>
    </section>
  );
}
