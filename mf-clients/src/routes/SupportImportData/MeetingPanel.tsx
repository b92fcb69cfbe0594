/**
 * 'Arranger møde' (spec 3 §2): the meeting calendar embedded 680 px high, its address from the runtime
 * configuration (`meetingUrl`). Loaded only when the option is chosen. The calendar tells the page about a booked
 * meeting by `postMessage` in Calendly's format; only messages from the configured calendar's origin and from this
 * frame count, so no other window or frame can claim a meeting was booked.
 */
import { useEffect, useMemo, useRef } from 'react';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { meetingFrameUrl, scheduledMeeting, type ScheduledMeeting } from './rules';
import { texts } from './texts';

/** Spec 3 §9: the embedded calendar is 680 px high. */
const MEETING_FRAME_HEIGHT = 680;

const useStyles = makeStyles({
  frame: { display: 'block', boxSizing: 'border-box', width: '100%', height: `${MEETING_FRAME_HEIGHT}px`, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
});

export interface MeetingPanelProps {
  meetingUrl: string | null;
  meeting: ScheduledMeeting | null;
  onScheduled: (meeting: ScheduledMeeting) => void;
}

export default function MeetingPanel({ meetingUrl, meeting, onScheduled }: MeetingPanelProps) {
  const styles = useStyles();
  const frame = useRef<HTMLIFrameElement>(null);
  const source = useMemo(() => (meetingUrl ? meetingFrameUrl(meetingUrl, window.location.origin) : null), [meetingUrl]);
  const calendarOrigin = source ? new URL(source).origin : null;
  // The latest callback without re-subscribing the listener each render.
  const report = useRef(onScheduled);
  useEffect(() => {
    report.current = onScheduled;
  });

  useEffect(() => {
    if (!calendarOrigin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== calendarOrigin || event.source !== frame.current?.contentWindow) return;
      const booked = scheduledMeeting(event.data);
      if (booked) report.current(booked);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [calendarOrigin]);

  if (!source) {
    return (
      <MessageBar intent="warning">
        <MessageBarBody>{texts.meetingMissing}</MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <>
      <iframe ref={frame} className={styles.frame} src={source} title={texts.meetingTitle} height={MEETING_FRAME_HEIGHT} />
      {meeting && (
        <MessageBar intent="info">
          <MessageBarBody>{texts.meetingBooked}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
