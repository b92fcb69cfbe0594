/** The player of a video guide: the film with the browser's own controls, started at once, muted (it has no sound). */
import { useState } from 'react';
import { MessageBar, MessageBarBody, makeStyles } from '@fluentui/react-components';
import { InfoDialog } from '@klinik/ui';
import { guideTexts as T } from './texts';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(960px, 96vw)', width: '100%' },
  video: { width: '100%', maxHeight: '70vh', display: 'block', backgroundColor: '#000', borderRadius: '4px' },
});

export default function PlayerDialog({ title, video, poster, onClose }: { title: string; video: string; poster: string | null; onClose: () => void }) {
  const styles = useStyles();
  const [failed, setFailed] = useState(false);
  return (
    <InfoDialog title={title} closeLabel={T.close} onClose={onClose} surfaceClassName={styles.surface}>
      {failed ? (
        <MessageBar intent="warning">
          <MessageBarBody>{T.failed}</MessageBarBody>
        </MessageBar>
      ) : (
        <video className={styles.video} src={video} poster={poster ?? undefined} controls autoPlay muted playsInline preload="auto" aria-label={title} onError={() => setFailed(true)} />
      )}
    </InfoDialog>
  );
}
