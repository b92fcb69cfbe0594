/**
 * The accounting sync in the header (spec 1 §2: 'A sync icon shows for admin therapists with a connected accounting
 * organisation'; Accounting sync: 'synkronisering...' while syncing, then 'synkroniseringen er afsluttet.' for 2
 * seconds). The icon sends `syncDinero`, which transfers what is not yet in the organisation (nothing twice). Part of
 * the main layout's lazy chunk: the sign-in pages carry none of it (a chunk of its own would add its name to the
 * shell's runtime, which the sign-in pages' budget does carry).
 */
import { useEffect, useState } from 'react';
import { Button, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowSyncRegular } from '@fluentui/react-icons';
import type { ActionClient } from '@klinik/core/client';
import { areaTexts } from '../area-texts';

const T = areaTexts.sync;
/** How long 'synkroniseringen er afsluttet.' stays (spec 1). */
export const SYNC_DONE_MS = 2000;

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: '4px', color: tokens.colorNeutralForegroundOnBrand },
  onBrand: {
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: tokens.colorBrandBackgroundHover },
    ':hover:active': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: tokens.colorBrandBackgroundPressed },
  },
  label: { color: tokens.colorNeutralForegroundOnBrand, whiteSpace: 'nowrap' },
});

type Phase = 'idle' | 'running' | 'done' | 'failed';

export default function AccountingSync({ client }: { client: ActionClient }) {
  const styles = useStyles();
  const [phase, setPhase] = useState<Phase>('idle');
  useEffect(() => {
    if (phase !== 'done' && phase !== 'failed') return;
    const timer = setTimeout(() => setPhase('idle'), SYNC_DONE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  async function sync() {
    setPhase('running');
    try {
      const answer = await client.call('syncDinero', {});
      setPhase(answer.status === 'success' ? 'done' : 'failed');
    } catch {
      setPhase('failed');
    }
  }

  const label = phase === 'running' ? T.running : phase === 'done' ? T.done : phase === 'failed' ? T.failed : null;
  return (
    <div className={styles.root}>
      <Tooltip content={T.button} relationship="label">
        <Button appearance="transparent" className={styles.onBrand} icon={<ArrowSyncRegular />} disabled={phase === 'running'} onClick={() => void sync()} />
      </Tooltip>
      <Text className={styles.label} role="status" aria-live="polite">
        {label}
      </Text>
    </div>
  );
}
