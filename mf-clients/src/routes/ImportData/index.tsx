/**
 * `/Importerdata`: the data import comes with its own issue (import from the clinic's old system); until then the
 * page says so. Its 'Se guide' link to the video guides (spec 3, Video guides) is here already.
 */
import { useNavigate } from 'react-router-dom';
import { Link } from '@fluentui/react-components';
import type { RemotePageProps } from '@klinik/core/rules';
import { ComingLater } from '@klinik/ui';

export default function ImportDataPage({ shell }: RemotePageProps) {
  const navigate = useNavigate();
  const guides = shell.pages.videoGuides();
  return (
    <>
      <ComingLater title="Importer data" />
      <Link
        href={guides}
        onClick={(event) => {
          event.preventDefault();
          void navigate(guides);
        }}
      >
        Se guide
      </Link>
    </>
  );
}
