import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from '@/shared/dom/clipboard';

function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: writeText ? { writeText } : undefined, configurable: true });
}

function stubExecCommand(result: boolean | Error) {
  const execCommand = vi.fn(() => {
    if (result instanceof Error) throw result;
    return result;
  });
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  return execCommand;
}

describe('copyText', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('uses the Clipboard API', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubClipboard(writeText);
    const execCommand = stubExecCommand(true);
    await expect(copyText('80000000000011')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('80000000000011');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('falls back to a selection and execCommand when the Clipboard API is missing', async () => {
    stubClipboard(undefined);
    let selected = '';
    const execCommand = vi.fn(() => {
      selected = (document.activeElement as HTMLTextAreaElement).value;
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await expect(copyText('646180000000000128')).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(selected).toBe('646180000000000128');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('falls back when the Clipboard API refuses', async () => {
    stubClipboard(vi.fn().mockRejectedValue(new Error('NotAllowedError')));
    const execCommand = stubExecCommand(true);
    await expect(copyText('abc')).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('resolves false when nothing can copy', async () => {
    stubClipboard(undefined);
    stubExecCommand(new Error('not supported'));
    await expect(copyText('abc')).resolves.toBe(false);
    await expect(copyText('')).resolves.toBe(false);
  });
});
