/** The storage success dialog (spec 3, Add-ons page): 5 GB more, and the clinic's quota now. Loaded when first opened. */
import { BYTES_PER_GB, formatGb, INCLUDED_STORAGE_BYTES, STORAGE_ADDON_BYTES } from '@klinik/core/records';
import { InfoDialog } from '@klinik/ui';
import { texts } from '../../texts';

const T = texts.addOns;

export default function StorageSuccessDialog({ purchased, onClose }: { purchased: number; onClose: () => void }) {
  const total = INCLUDED_STORAGE_BYTES + purchased * STORAGE_ADDON_BYTES;
  // Whole gigabytes read better here than the storage panel's two decimals.
  const gigabytes = Number.isInteger(total / BYTES_PER_GB) ? String(total / BYTES_PER_GB) : formatGb(total);
  return (
    <InfoDialog title={T.storageSuccessTitle} closeLabel={T.close} onClose={onClose}>
      {T.storageSuccessBody(gigabytes)}
    </InfoDialog>
  );
}
