/**
 * The accounting sync in the header (spec 1 §2: 'A sync icon shows for admin therapists with a connected accounting
 * organisation'; Accounting sync: 'synkronisering...' while syncing, then 'synkroniseringen er afsluttet.' for 2
 * seconds). The icon sends `syncDinero`, which starts a background transfer of what is not yet in the organisation
 * (nothing twice), or answers the one under way; the label follows that run (`getAccountingTransfer` every second)
 * until it is over. A transfer already running when the layout mounts (started on the return page) is
 * followed too. Part of the main layout's lazy chunk: the sign-in pages carry none of it (a chunk of its own would
 * add its name to the shell's runtime, which the sign-in pages' budget does carry).
 */
import { useEffect, useState } from 'react';
import { Button, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowSyncRegular } from '@fluentui/react-icons';
import type { AccountingTransfer } from '@klinik/core';
import { ACCOUNTING_POLL_MS } from '@klinik/core/rules';
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

const over = (run: AccountingTransfer) => run.status === 'done' || run.status === 'failed';
const outcome = (run: AccountingTransfer): Phase => (run.status === 'done' && run.result?.status === 'success' ? 'done' : 'failed');

export default function AccountingSync({ client }: { client: ActionClient }) {
  const styles = useStyles();
  const [phase, setPhase] = useState<Phase>('idle');
  /** The run the label follows until it is over. */
  const [following, setFollowing] = useState<number | null>(null);
  useEffect(() => {
    if (phase !== 'done' && phase !== 'failed') return;
    const timer = setTimeout(() => setPhase('idle'), SYNC_DONE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  // A transfer under way when the layout mounts (the return page started it): followed like one started here.
  useEffect(() => {
    let gone = false;
    client.call('getAccountingTransfer', {}).then(
      (answer) => {
        if (gone || !answer.data || over(answer.data)) return;
        setPhase('running');
        setFollowing(answer.data.number);
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [client]);

  useEffect(() => {
    if (following === null) return;
    let gone = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      timer = setTimeout(() => {
        client.call('getAccountingTransfer', { number: following }).then(
          (answer) => {
            if (gone) return;
            if (answer.data && !over(answer.data)) return ask();
            setFollowing(null);
            setPhase(answer.data ? outcome(answer.data) : 'failed');
          },
          () => {
            if (gone) return;
            setFollowing(null);
            setPhase('failed');
          },
        );
      }, ACCOUNTING_POLL_MS);
    };
    ask();
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [client, following]);

  async function sync() {
    setPhase('running');
    try {
      const answer = await client.call('syncDinero', {});
      if (over(answer.data)) setPhase(outcome(answer.data));
      else setFollowing(answer.data.number);
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
