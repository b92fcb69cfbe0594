/**
 * 'Behandlingsperiode': choose a treatment period, 'Find fakturaer' (disabled without both dates or without the
 * client's treatments in the range), tick invoices, 'Opret samlet opgørelse' (disabled until one is ticked) or,
 * when editing one, 'Opdater samlet opgørelse'.
 */
import {
  Button,
  Caption1,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import type { Invoice } from '@klinik/core';
import { formatKroner } from '@klinik/core/rules';
import { formatDanishDate } from '@klinik/core/time';
import { QueryView } from '@klinik/ui';
import { invoiceKind } from '../../../components/invoiceFacts';
import { texts } from '../../../texts';
import type { PeriodSearch } from './usePeriodSearch';

const T = texts.merged;

const useStyles = makeStyles({
  box: {
    display: 'grid',
    gap: '12px',
    padding: '12px 16px 16px',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  title: { display: 'block', margin: 0 },
  period: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'flex-end' },
  date: { minWidth: '160px' },
  found: { display: 'grid', gap: '2px', margin: 0, padding: 0, listStyleType: 'none' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
});

/** '0001-26 · Faktura · Massage 04-05-2026 · 450,00 kr.' */
function describe(invoice: Invoice): string {
  const snapshot = invoice.image[0];
  const treatment = snapshot ? ` · ${snapshot.treatment.name} ${formatDanishDate(snapshot.booking.from)}` : '';
  return `${invoice.number} · ${invoiceKind(invoice)}${treatment} · ${formatKroner(invoice.totalOre)}`;
}

function FoundInvoices({ invoices, search }: { invoices: readonly Invoice[]; search: PeriodSearch }) {
  const styles = useStyles();
  return (
    <>
      {invoices.length === 0 ? (
        <Text>{T.emptyInvoices}</Text>
      ) : (
        <>
          <Caption1>{T.selectHint}</Caption1>
          <ul className={styles.found} aria-label={T.found}>
            {invoices.map((invoice) => (
              <li key={invoice.id}>
                <Checkbox checked={search.selected.has(invoice.id)} onChange={(_, data) => search.toggle(invoice.id, data.checked === true)} label={describe(invoice)} />
              </li>
            ))}
          </ul>
        </>
      )}
      <div className={styles.actions}>
        <Button appearance="primary" disabled={search.selected.size === 0 || search.saving || search.finding} onClick={search.save}>
          {search.editing ? T.update : T.create}
        </Button>
        <Text aria-live="polite">{T.selected(search.selected.size)}</Text>
      </div>
    </>
  );
}

export function PeriodFinder({ search }: { search: PeriodSearch }) {
  const styles = useStyles();
  return (
    <section className={styles.box} aria-label={T.period}>
      <Subtitle2 as="h3" className={styles.title}>
        {T.period}
      </Subtitle2>
      {search.editing && (
        <MessageBar intent="info">
          <MessageBarBody>{T.editing(search.editing.number)}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={search.cancelEdit}>{T.cancelEdit}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <div className={styles.period}>
        <Field className={styles.date} label={T.from}>
          <Input type="date" value={search.fromDate} max={search.toDate || undefined} onChange={(_, data) => search.setFromDate(data.value)} />
        </Field>
        <Field className={styles.date} label={T.to}>
          <Input type="date" value={search.toDate} min={search.fromDate || undefined} onChange={(_, data) => search.setToDate(data.value)} />
        </Field>
        <Button appearance="primary" icon={<SearchRegular />} disabled={!search.canFind} onClick={() => search.find()}>
          {T.find}
        </Button>
      </div>
      {search.hint && <Caption1 role="status">{search.hint}</Caption1>}
      {search.found && (
        <QueryView query={search.found} errorTitle={T.findFailed} loading={<Spinner size="tiny" label={texts.loading} />}>
          {(invoices) => <FoundInvoices invoices={invoices} search={search} />}
        </QueryView>
      )}
      {search.saveError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{search.saveError}</MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}
