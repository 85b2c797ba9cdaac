import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { showToast } from '@/shared/ui/toast';
import { speiChannel, storeChannel } from '../testing/repayment-fixtures';
import type { ChannelListLabels } from './channel-list';
import { ChannelList } from './channel-list';

vi.mock('@/shared/ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/ui/toast')>()),
  showToast: vi.fn(),
}));

const labels: ChannelListLabels = {
  hint: 'Toque un método para generar su referencia.',
  empty: 'No hay métodos de pago.',
  voucherCode: 'Referencia',
  copy: 'Copiar',
  copied: 'Copiado',
  copyFailed: 'No se pudo copiar',
  copyCode: (channel) => `Copiar referencia de ${channel}`,
  openBarcode: (channel) => `Ver código de barras de ${channel}`,
  barcodeTitle: 'Código de barras',
  barcodeAlt: (code) => `Código de barras de la referencia ${code}`,
  barcodeScan: 'Muestre este código en caja.',
  close: 'Cerrar',
};

const groups = [
  { title: 'Efectivo', channels: [storeChannel, { ...storeChannel, payCode: 'store2', desc: 'Farmacias', vCode: '', BARcodeImg: '' }] },
  { title: 'Transferencia', channels: [speiChannel] },
];

function renderList(onSelect = vi.fn()) {
  const view = render(<ChannelList groups={groups} onSelect={onSelect} labels={labels} />);
  return { ...view, onSelect };
}

describe('ChannelList', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/repayment?swift=sess-9&showy=dev-1&orderId=12&productId=1');
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('lists the channels under their group titles', () => {
    renderList();
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Efectivo', 'Transferencia']);
    const lists = screen.getAllByRole('list');
    expect(within(lists[0]!).getAllByRole('listitem')).toHaveLength(2);
    expect(within(lists[0]!).getByRole('button', { name: 'Pago en tiendas' })).toBeTruthy();
    expect(within(lists[0]!).getByRole('button', { name: 'Farmacias' })).toBeTruthy();
    expect(within(lists[1]!).getByRole('button', { name: 'Transferencia SPEI' })).toBeTruthy();
    const logo = lists[0]!.querySelector('img');
    expect(logo?.getAttribute('src')).toBe('/assets/channels/store.svg');
  });

  it('tapping a channel selects it', async () => {
    const user = userEvent.setup();
    const { onSelect } = renderList();
    await user.click(screen.getByRole('button', { name: 'Transferencia SPEI' }));
    expect(onSelect).toHaveBeenCalledWith(speiChannel);
  });

  it('shows a voucher code with a Copy button that copies it to the clipboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    // After userEvent.setup(), which installs its own clipboard.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderList();
    expect(screen.getByText('80000000000011')).toBeTruthy();
    // Only the channel with a code has the copy and barcode buttons.
    expect(screen.getAllByRole('button', { name: /^Copiar/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /código de barras/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Copiar referencia de Pago en tiendas' }));
    expect(writeText).toHaveBeenCalledWith('80000000000011');
    expect(showToast).toHaveBeenCalledWith('Copiado');
  });

  it('opens and closes the barcode modal, whose image carries the session parameters', async () => {
    const user = userEvent.setup();
    renderList();
    const opener = screen.getByRole('button', { name: 'Ver código de barras de Pago en tiendas' });
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');

    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Código de barras' });
    const image = within(dialog).getByRole('img', { name: 'Código de barras de la referencia 80000000000011' });
    const src = new URL(image.getAttribute('src')!, 'http://localhost');
    expect(src.pathname).toBe('/v3/loan-details/barcode/80000000000011.svg');
    expect(src.searchParams.get('swift')).toBe('sess-9');
    expect(src.searchParams.get('showy')).toBe('dev-1');
    expect(src.searchParams.get('orderId')).toBe('12');
    expect(src.searchParams.get('language')).toBe('2');
    expect(within(dialog).getByText('Muestre este código en caja.')).toBeTruthy();
    // The dialog is portalled to the body: check the whole document.
    expect(await seriousA11yViolations(document.body)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Código de barras' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when there is no channel', () => {
    render(<ChannelList groups={[]} onSelect={vi.fn()} labels={labels} />);
    expect(screen.getByText('No hay métodos de pago.')).toBeTruthy();
  });
});
