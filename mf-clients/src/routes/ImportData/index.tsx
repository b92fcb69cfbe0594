/**
 * `/Importerdata`: the data import from the clinic's old system comes with its own issue; until then the page says
 * so. Its 'Se guide' link to the video guides (spec 3, Video guides) is here already. The clinic's owner also sees
 * the files the support team uploaded for the import (issue 16); other therapists do not.
 */
import { useNavigate } from 'react-router-dom';
import { Link, makeStyles } from '@fluentui/react-components';
import type { RemotePageProps } from '@klinik/core/rules';
import { ComingLater } from '@klinik/ui';
import { SupportUploads } from './SupportUploads';
import { texts } from './texts';

const useStyles = makeStyles({ page: { display: 'grid', gap: '16px', alignContent: 'start', maxWidth: '960px' }, guide: { justifySelf: 'start' } });

export default function ImportDataPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const guides = shell.pages.videoGuides();
  return (
    <div className={styles.page}>
      <ComingLater title={texts.title} />
      <Link
        className={styles.guide}
        href={guides}
        onClick={(event) => {
          event.preventDefault();
          void navigate(guides);
        }}
      >
        {texts.guide}
      </Link>
      {shell.therapist?.isAdmin && <SupportUploads client={shell.client} />}
    </div>
  );
}
