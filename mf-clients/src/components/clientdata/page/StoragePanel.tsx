/**
 * 'Lagerplads' (spec 2 §4 Images, §9): the clinic's used and purchased storage in GB with two decimals and a
 * bar; above 80% the bar turns to the warning colour and a red text asks to upgrade or delete old files. The
 * cloud-drive panel (drive/DrivePanel.tsx, loaded lazily) shows only when the server says the add-on is active and a
 * drive is configured (otherwise nothing: no dead buttons). Fetched again after every upload and delete (they invalidate its query).
 */
import { Caption1, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { StorageUsage } from '@klinik/core';
import { formatGb, isStorageWarning } from '@klinik/core/records';
import { QueryView, useQuery } from '@klinik/ui';
import { texts } from '../texts';
import { useClientPage } from './context';
import { clientQueries } from './queryKeys';
import { retryable } from './retryable';

/** The cloud-drive panel: its own chunk, loaded only for a clinic with the drive add-on. */
const DrivePanel = retryable(() => import('../drive/DrivePanel'));

const T = texts.storage;

const useStyles = makeStyles({
  panel: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '12px 16px',
    marginTop: '16px',
    backgroundColor: tokens.colorNeutralBackground1,
    display: 'grid',
    gap: '8px',
    maxWidth: '560px',
  },
  warning: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

function UsageBar({ usage }: { usage: StorageUsage }) {
  const styles = useStyles();
  const ratio = usage.purchasedBytes > 0 ? Math.min(1, usage.usedBytes / usage.purchasedBytes) : 0;
  const warning = isStorageWarning(usage.usedBytes, usage.purchasedBytes);
  const usedText = T.used(formatGb(usage.usedBytes), formatGb(usage.purchasedBytes));
  return (
    <>
      <ProgressBar
        value={ratio}
        max={1}
        thickness="large"
        color={warning ? 'warning' : 'brand'}
        aria-label={T.heading}
        aria-valuetext={usedText}
        data-used-bytes={usage.usedBytes}
      />
      <Caption1 role="status">{usedText}</Caption1>
      {warning && <Text className={styles.warning}>{T.warning}</Text>}
    </>
  );
}

export function StoragePanel() {
  const styles = useStyles();
  const { api } = useClientPage();
  const storage = useQuery(clientQueries.storage(), async () => (await api.storage()).data);
  return (
    <>
      <section className={styles.panel} aria-label={T.heading}>
        <Text weight="semibold">{T.heading}</Text>
        <QueryView query={storage} errorTitle={T.loadFailed}>
          {(usage) => <UsageBar usage={usage} />}
        </QueryView>
      </section>
      {storage.data?.drive.enabled && <DrivePanel />}
    </>
  );
}
