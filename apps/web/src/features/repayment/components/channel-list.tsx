import { useId, useState } from 'react';
import type { ChannelGroup, PaymentChannel } from '../utils/channels';
import { BarcodeModal } from './barcode-modal';
import { ChannelItem, type ChannelItemLabels } from './channel-item';
import './channel-list.css';

export type ChannelListLabels = ChannelItemLabels & {
  /** Shown above the groups; also describes every channel button. */
  hint: string;
  empty: string;
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
              <ChannelItem
                key={`${channel.payCode}-${index}`}
                channel={channel}
                hintId={hintId}
                labels={labels}
                onSelect={onSelect}
                onToggleBarcode={(chosen) => setBarcodeOf((open) => (open === chosen ? null : chosen))}
              />
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
