import { CopyButton } from '@/shared/ui/copy-button';
import type { PaymentChannel } from '../utils/channels';

/** The texts of a channel: its voucher code and the names of its buttons. */
export type ChannelItemLabels = {
  voucherCode: string;
  copy: string;
  copied: string;
  copyFailed: string;
  /** Accessible name of a channel's copy button. */
  copyCode: (channel: string) => string;
  /** Accessible name of a channel's barcode button. */
  openBarcode: (channel: string) => string;
};

type ChannelItemProps = {
  channel: PaymentChannel;
  /** The list's hint, which describes every channel button. */
  hintId: string;
  labels: ChannelItemLabels;
  onSelect: (channel: PaymentChannel) => void;
  /** Opens the channel's barcode modal (or closes it when it shows this channel's). */
  onToggleBarcode: (channel: PaymentChannel) => void;
};

/** One payment channel: its button (logo, description) and, once it has a voucher code, the code and its actions. */
export function ChannelItem({ channel, hintId, labels, onSelect, onToggleBarcode }: ChannelItemProps) {
  const name = channel.desc || channel.payCode;
  return (
    <li className="presta-channel">
      <button type="button" className="presta-channel-main" aria-describedby={hintId} onClick={() => onSelect(channel)}>
        <span className="presta-channel-logo">{channel.logo ? <img src={channel.logo} alt="" width={40} height={40} /> : null}</span>
        <span className="presta-channel-desc">{name}</span>
        <svg className="presta-channel-chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {channel.vCode ? (
        <div className="presta-channel-voucher">
          <p className="presta-channel-code">
            <span className="presta-channel-code-label">{labels.voucherCode}</span>
            <span className="presta-channel-code-value">{channel.vCode}</span>
          </p>
          <div className="presta-channel-voucher-actions">
            <CopyButton
              text={channel.vCode}
              label={labels.copy}
              accessibleLabel={labels.copyCode(name)}
              copiedMessage={labels.copied}
              failedMessage={labels.copyFailed}
            />
            {channel.BARcodeImg ? (
              <button
                type="button"
                className="presta-channel-barcode-button"
                aria-label={labels.openBarcode(name)}
                aria-haspopup="dialog"
                onClick={() => onToggleBarcode(channel)}
              >
                <BarcodeIcon />
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </li>
  );
}

function BarcodeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M3 5v14M6 5v14M8.5 5v14M12 5v14M14 5v14M17 5v14M19.5 5v14M21 5v14" stroke="currentColor" strokeWidth="1.6" />
      <path d="M6 5v14M12 5v14M17 5v14" stroke="currentColor" strokeWidth="2.4" />
    </svg>
  );
}
