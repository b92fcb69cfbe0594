/**
 * One 'Journal' panel (spec 2 §4): the four text fields, saved one at a time on top of the journal's version;
 * each field read-only once the server says its window is over, and then only comments can be added (comments on
 * every field). The journal's own custom fields (pro plan) and its images follow.
 */
import { useCallback } from 'react';
import { Caption1, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { Journal } from '@klinik/core';
import { JOURNAL_TEXT_FIELDS } from '@klinik/core/records';
import { QueryView } from '@klinik/ui';
import { commentTarget } from '../fields/commentStore';
import { customFieldPrintEntries } from '../fields/customFieldRecords';
import { CustomFields } from '../fields/CustomFields';
import { FieldComments } from '../fields/FieldComments';
import { useCustomFieldList } from '../fields/useCustomFieldList';
import { useClientPage } from '../page/context';
import { formatWhen } from '../page/format';
import type { PrintEntry } from '../page/printModel';
import { clientQueries } from '../page/queryKeys';
import { retryable } from '../page/retryable';
import { SectionToolbar } from '../page/SectionToolbar';
import { RecordTextarea } from '../saving/RecordTextarea';
import type { EditableRecord } from '../saving/savers';
import { texts } from '../texts';
import { journalKey, journalTime, journalTitle, type JournalValues } from './journalRecords';

const ImagesPanel = retryable(() => import('../images/ImagesPanel'));

const T = texts.journal;

const useStyles = makeStyles({
  meta: { display: 'block', color: tokens.colorNeutralForeground3, marginBottom: '12px' },
  fields: { display: 'grid', gap: '16px' },
  heading: { display: 'block', marginTop: '20px', marginBottom: '8px' },
});

export default function JournalSection({ journal, onClose }: { journal: Journal; onClose: () => void }) {
  const styles = useStyles();
  const services = useClientPage();
  const record = services.records.peek<JournalValues>(journalKey(journal.id)) as EditableRecord<JournalValues>;
  const { api } = services;
  const fetchFields = useCallback(async () => (await api.journalFields(journal.id)).data, [api, journal.id]);
  const { fields, setFields } = useCustomFieldList(clientQueries.journalFields(journal.id), fetchFields);

  // A field locked on its own says so under it; a closed journal says it once, above its fields.
  const lockedHint = journal.editable ? texts.fields.lockedHint : null;

  function print() {
    record.flush();
    const drafts = record.drafts();
    const entries: PrintEntry[] = JOURNAL_TEXT_FIELDS.map((field) => ({
      label: T.labels[field],
      value: drafts[field],
      comments: services.comments
        .get(commentTarget.journalField(journal.id, field))
        .map((comment) => ({ by: comment.createdBy, at: comment.createdAt, text: comment.value })),
    }));
    services.print({
      title: journalTitle(journal),
      subtitle: `${journalTime(journal)}${journal.updatedBy ? ` · ${journal.updatedBy}` : ''}`,
      entries: [...entries, ...customFieldPrintEntries(services, fields.data ?? [])],
    });
  }

  return (
    <>
      <SectionToolbar onPrint={print} onClose={onClose} history={{ journalId: journal.id, entities: ['journal', 'customField', 'comment'] }} />
      <Caption1 className={styles.meta}>
        {journalTime(journal)}
        {journal.updatedBy ? ` · ${texts.stamdata.updatedBy(journal.updatedBy, formatWhen(journal.updatedAt))}` : ''}
      </Caption1>
      {!journal.editable && (
        <MessageBar intent="info">
          <MessageBarBody>{texts.fields.journalClosed}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.fields}>
        {JOURNAL_TEXT_FIELDS.map((field) => {
          const open = journal.fieldEditable[field];
          return (
            <RecordTextarea key={field} record={record} field={field} label={T.labels[field]} readOnly={!open} hint={open ? undefined : (lockedHint ?? undefined)} rows={4}>
              <FieldComments
                target={commentTarget.journalField(journal.id, field)}
                fieldLabel={T.labels[field]}
                base={{ journalId: journal.id, customFieldName: field }}
                canAdd
              />
            </RecordTextarea>
          );
        })}
      </div>
      <Text weight="semibold" className={styles.heading}>
        {texts.fields.journalFields}
      </Text>
      <QueryView query={fields} errorTitle={texts.fields.loadFailed} loading={<Spinner size="tiny" label={texts.loading} />}>
        {(list) => (
          <CustomFields
            fields={list}
            setFields={setFields}
            fetchFields={fetchFields}
            refresh={() => fields.refresh()}
            journalId={journal.id}
            canAddFields={journal.editable}
            readOnlyHint={lockedHint}
          />
        )}
      </QueryView>
      <Text weight="semibold" className={styles.heading}>
        {T.images}
      </Text>
      <ImagesPanel kind="journal" journalId={journal.id} />
    </>
  );
}
