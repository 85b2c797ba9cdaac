import type { Messages } from '@/shared/i18n/use-messages';
import type { ChannelListLabels } from '../components/channel-list';
import type { RepaymentMessageKey } from '../messages';

/** The ChannelList labels from the repayment catalogue (both repayment pages use the same ones). */
export function channelListLabels(t: Messages<RepaymentMessageKey>['t']): ChannelListLabels {
  return {
    hint: t('channelsHint'),
    empty: t('noChannels'),
    voucherCode: t('voucherCodeLabel'),
    copy: t('copy'),
    copied: t('copied'),
    copyFailed: t('copyFailed'),
    copyCode: (channel) => t('copyVoucherCode', { channel }),
    openBarcode: (channel) => t('barcodeOpen', { channel }),
    barcodeTitle: t('barcodeTitle'),
    barcodeAlt: (code) => t('barcodeAlt', { code }),
    barcodeScan: t('barcodeScan'),
    close: t('close'),
  };
}
