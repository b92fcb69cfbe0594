/**
 * Follows the sendings under way: while a newsletter's latest sending is 'preparing' or 'sending', asks
 * getNewsletterSends for it every 2 s (one request at a time) and puts the answer into the shown list. Stops by
 * itself when every sending is done. A failed poll is shown (`error`) and tried again on the next tick.
 */
import { useEffect, useState } from 'react';
import type { Newsletter } from '@klinik/core';
import type { Query } from '@klinik/ui';
import type { ContactApi } from '../../api';
import { SEND_POLL_MS, isRunning, withLatestSends } from './model';

export function useSendProgress(api: ContactApi, newsletters: Query<Newsletter[]>): string | null {
  const [error, setError] = useState<string | null>(null);
  // The ids under way, as one value that changes only when the set does.
  const running = (newsletters.data ?? []).filter((newsletter) => isRunning(newsletter.lastSend)).map((newsletter) => newsletter.id).join(',');
  const { setData } = newsletters;

  useEffect(() => {
    if (!running) return;
    let stopped = false;
    let timer = 0;
    const poll = async () => {
      try {
        const answers = await Promise.all(running.split(',').map((id) => api.newsletterSends(id)));
        if (stopped) return;
        setData((current) => withLatestSends(current ?? [], answers.flatMap((answer) => answer.data)));
        setError(null);
      } catch (reason) {
        if (!stopped) setError(reason instanceof Error ? reason.message : String(reason));
      }
      if (!stopped) timer = window.setTimeout(() => void poll(), SEND_POLL_MS);
    };
    timer = window.setTimeout(() => void poll(), SEND_POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [running, api, setData]);

  return running ? error : null;
}
