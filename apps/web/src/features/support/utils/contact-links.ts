/** The digits of a phone number ("+52 55 5000 4321" → "525550004321"). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** A WhatsApp chat with the number (international form, digits only), or null without digits. */
export function whatsappLink(phone: string): string | null {
  const digits = phoneDigits(phone);
  return digits ? `https://wa.me/${digits}` : null;
}

/** A telephone link keeping a leading + ("tel:+525550001234"), or null without digits. */
export function telephoneLink(phone: string): string | null {
  const digits = phoneDigits(phone);
  if (!digits) return null;
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

/** A mail link, or null for anything that is not an address. */
export function mailLink(email: string): string | null {
  const address = email.trim();
  return /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/.test(address) ? `mailto:${address}` : null;
}
