import { useId, useState } from 'react';
import { CopyButton } from '@/shared/ui/copy-button';
import type { ChannelGroup, PaymentChannel } from '../utils/channels';
import { BarcodeModal } from './barcode-modal';
import './channel-list.css';

export type ChannelListLabels = {
  /** Shown above the groups; also describes every channel button. */
  hint: string;
  empty: string;
  voucherCode: string;
  copy: string;
  copied: string;
  copyFailed: string;
  /** Accessible name of a channel's copy button. */
  copyCode: (channel: string) => string;
  /** Accessible name of a channel's barcode button. */
  openBarcode: (channel: string) => string;
  barcodeTitle: string;
  barcodeAlt: (code: string) => string;
  barcodeScan: string;
  close: string;
};

export type ChannelListProps = {
  groups: readonly ChannelGroup[];
  /** A channel was chosen: generate/open its reference. */
  onSelect: (channel: PaymentChannel) => void;
  labels: ChannelListLabels;
};

/**
 * The payment channels of a repayment page, grouped under their titles (h3).
 * Each channel is a button (logo, description) that opens its reference; a
 * channel that already has a voucher code shows it with a Copy button and,
 * when it has a barcode, a button opening the barcode modal.
 */
export function ChannelList({ groups, onSelect, labels }: ChannelListProps) {
  const hintId = useId();
  const [barcodeOf, setBarcodeOf] = useState<PaymentChannel | null>(null);

  if (groups.length === 0) return <p className="presta-channel-empty">{labels.empty}</p>;

  return (
    <div className="presta-channel-list">
      <p id={hintId} className="presta-channel-hint">
        {labels.hint}
      </p>
      {groups.map((group, groupIndex) => (
        <div className="presta-channel-group" key={`${group.title}-${groupIndex}`}>
          {group.title ? <h3 className="presta-channel-group-title">{group.title}</h3> : null}
          <ul className="presta-channel-items">
            {group.channels.map((channel, index) => (
              <li className="presta-channel" key={`${channel.payCode}-${index}`}>
                <button type="button" className="presta-channel-main" aria-describedby={hintId} onClick={() => onSelect(channel)}>
                  <span className="presta-channel-logo">
                    {channel.logo ? <img src={channel.logo} alt="" width={40} height={40} /> : null}
                  </span>
                  <span className="presta-channel-desc">{channel.desc || channel.payCode}</span>
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
                        accessibleLabel={labels.copyCode(channel.desc || channel.payCode)}
                        copiedMessage={labels.copied}
                        failedMessage={labels.copyFailed}
                      />
                      {channel.BARcodeImg ? (
                        <button
                          type="button"
                          className="presta-channel-barcode-button"
                          aria-label={labels.openBarcode(channel.desc || channel.payCode)}
                          aria-haspopup="dialog"
                          onClick={() => setBarcodeOf((open) => (open === channel ? null : channel))}
                        >
                          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                            <path
                              d="M3 5v14M6 5v14M8.5 5v14M12 5v14M14 5v14M17 5v14M19.5 5v14M21 5v14"
                              stroke="currentColor"
                              strokeWidth="1.6"
                            />
                            <path d="M6 5v14M12 5v14M17 5v14" stroke="currentColor" strokeWidth="2.4" />
                          </svg>
                        </button>
                      ) : null}
                    </div>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <BarcodeModal
        visible={barcodeOf !== null}
        image={barcodeOf?.BARcodeImg ?? ''}
        code={barcodeOf?.vCode ?? ''}
        labels={{
          title: labels.barcodeTitle,
          alt: labels.barcodeAlt(barcodeOf?.vCode ?? ''),
          scan: labels.barcodeScan,
          close: labels.close,
        }}
        onClose={() => setBarcodeOf(null)}
      />
    </div>
  );
}
