/** The storage success dialog (spec 3, Add-ons page): 5 GB more, and the clinic's quota now. Loaded when first opened. */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { BYTES_PER_GB, formatGb, INCLUDED_STORAGE_BYTES, STORAGE_ADDON_BYTES } from '@klinik/core/records';
import { texts } from '../../texts';

const T = texts.addOns;

export default function StorageSuccessDialog({ purchased, onClose }: { purchased: number; onClose: () => void }) {
  const total = INCLUDED_STORAGE_BYTES + purchased * STORAGE_ADDON_BYTES;
  // Whole gigabytes read better here than the storage panel's two decimals.
  const gigabytes = Number.isInteger(total / BYTES_PER_GB) ? String(total / BYTES_PER_GB) : formatGb(total);
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{T.storageSuccessTitle}</DialogTitle>
          <DialogContent>{T.storageSuccessBody(gigabytes)}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {T.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
