/** The image panel's buttons: choose, camera, upload; for a journal also select all, download and edit the chosen. */
import { Button, Checkbox, makeStyles } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular, CameraRegular, EditRegular, ImageAddRegular } from '@fluentui/react-icons';
import { texts } from '../texts';

const T = texts.images;

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
});

export function ImageToolbar({
  isProfile,
  busy,
  allChecked,
  canSelect,
  onChoose,
  onCamera,
  onUpload,
  onSelectAll,
  onDownload,
  onEdit,
}: {
  isProfile: boolean;
  busy: 'upload' | 'download' | null;
  allChecked: boolean;
  /** There are images to select. */
  canSelect: boolean;
  onChoose: () => void;
  onCamera: () => void;
  onUpload: () => void;
  onSelectAll: (on: boolean) => void;
  onDownload: () => void;
  onEdit: () => void;
}) {
  const styles = useStyles();
  return (
    <div className={styles.bar}>
      <Button icon={<ImageAddRegular />} onClick={onChoose}>
        {isProfile ? T.chooseProfile : T.choose}
      </Button>
      <Button icon={<CameraRegular />} onClick={onCamera}>
        {T.camera}
      </Button>
      <Button appearance="primary" icon={<ArrowUploadRegular />} disabled={busy !== null} onClick={onUpload}>
        {busy === 'upload' ? T.uploading : isProfile ? T.uploadProfile : T.upload}
      </Button>
      {!isProfile && (
        <>
          <Checkbox label={T.selectAll} checked={allChecked} disabled={!canSelect} onChange={(_, data) => onSelectAll(data.checked === true)} />
          <Button icon={<ArrowDownloadRegular />} disabled={busy !== null} onClick={onDownload}>
            {busy === 'download' ? T.downloading : T.downloadSelected}
          </Button>
          <Button icon={<EditRegular />} disabled={busy !== null} onClick={onEdit}>
            {T.editSelected}
          </Button>
        </>
      )}
    </div>
  );
}
