import { sessionAssetUrl } from '@/shared/session/session-asset-url';
import { ModalDialog } from '@/shared/ui/modal-dialog';
import './barcode-modal.css';

export type BarcodeModalProps = {
  visible: boolean;
  /** The channel's BARcodeImg; the session parameters are added (the picture is the order owner's only). */
  image: string;
  /** The voucher code the barcode encodes, printed under it. */
  code: string;
  labels: { title: string; alt: string; scan: string; close: string };
  onClose: () => void;
};

/** The barcode of a channel's reference, large, with the scan-to-pay text (§4 "Barcode modal"). */
export function BarcodeModal({ visible, image, code, labels, onClose }: BarcodeModalProps) {
  return (
    <ModalDialog
      visible={visible}
      title={labels.title}
      onClose={onClose}
      closeLabel={labels.close}
      closeOnMaskClick
      className="presta-barcode-modal"
    >
      <div className="presta-barcode-modal-frame">
        <img className="presta-barcode-modal-image" src={sessionAssetUrl(image)} alt={labels.alt} />
      </div>
      {code ? <p className="presta-barcode-modal-code">{code}</p> : null}
      <p className="presta-barcode-modal-scan">{labels.scan}</p>
    </ModalDialog>
  );
}
