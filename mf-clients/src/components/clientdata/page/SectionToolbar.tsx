/**
 * The buttons at the top of every accordion panel: 'Print' (a clean A4 page of the section), 'Historik' (who
 * changed what, loaded when first opened) and 'Luk' (collapses the panel).
 */
import { useState, type ReactNode } from 'react';
import { Button, makeStyles } from '@fluentui/react-components';
import { DismissRegular, HistoryRegular, PrintRegular } from '@fluentui/react-icons';
import type { Revision } from '@klinik/core';
import { texts } from '../texts';
import { retryable } from './retryable';

const HistoryPanel = retryable(() => import('./HistoryPanel'));

const T = texts.page;

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center', marginBottom: '12px' },
  grow: { flexGrow: 1 },
});

export function SectionToolbar({
  onPrint,
  onClose,
  history,
  children,
}: {
  onPrint: () => void;
  onClose: () => void;
  /** Which changes 'Historik' lists; without it there is no history button. */
  history?: { journalId?: string; entities: readonly Revision['entity'][] };
  /** Extra buttons of the section (left of the standard ones). */
  children?: ReactNode;
}) {
  const styles = useStyles();
  const [showHistory, setShowHistory] = useState(false);
  return (
    <>
      <div className={styles.bar}>
        {children}
        <span className={styles.grow} />
        {history && (
          <Button icon={<HistoryRegular />} aria-expanded={showHistory} onClick={() => setShowHistory((value) => !value)}>
            {T.history}
          </Button>
        )}
        <Button icon={<PrintRegular />} onClick={onPrint}>
          {T.print}
        </Button>
        <Button icon={<DismissRegular />} onClick={onClose}>
          {T.close}
        </Button>
      </div>
      {history && showHistory && <HistoryPanel journalId={history.journalId} entities={history.entities} />}
    </>
  );
}
