import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';

/*
 * STP's `firma` (docs/providers/stp.md "Firma"): every request to STP carries a base64 RSA PKCS#1 v1.5 signature,
 * SHA-256, of a "cadena original" — the request's fields in a fixed order, each value as text, joined by `|` and
 * framed by `||`: `||value1|value2|…|valueN||`, an absent field as an empty value. The order is STP's (stpmex.com
 * "Firmas electrónicas"); the ones below are those of cuenca-mx/stpmex-python (ORDEN_FIELDNAMES in auth.py, the
 * query and conciliation resources), whose test signatures and recorded calls to STP's test environment this file's
 * tests reproduce byte for byte.
 *
 * STP's answers carry no signature: they are trusted through TLS to STP's own host.
 */

/** The fields of registraOrden (a SPEI payout, `PUT /speiws/rest/ordenPago/registra`) in the order of its cadena original. */
export const REGISTRA_ORDEN_FIELDS = [
  'institucionContraparte',
  'empresa',
  'fechaOperacion',
  'folioOrigen',
  'claveRastreo',
  'institucionOperante',
  'monto',
  'tipoPago',
  'tipoCuentaOrdenante',
  'nombreOrdenante',
  'cuentaOrdenante',
  'rfcCurpOrdenante',
  'tipoCuentaBeneficiario',
  'nombreBeneficiario',
  'cuentaBeneficiario',
  'rfcCurpBeneficiario',
  'emailBeneficiario',
  'tipoCuentaBeneficiario2',
  'nombreBeneficiario2',
  'cuentaBeneficiario2',
  'rfcCurpBeneficiario2',
  'conceptoPago',
  'conceptoPago2',
  'claveCatUsuario1',
  'claveCatUsuario2',
  'clavePago',
  'referenciaCobranza',
  'referenciaNumerica',
  'tipoOperacion',
  'topologia',
  'usuario',
  'medioEntrega',
  'prioridad',
  'iva',
] as const;
export type RegistraOrdenField = (typeof REGISTRA_ORDEN_FIELDS)[number];

/** The fields of the order query (`POST /efws/API/consultaOrden`): one order by its tracking key. */
export const CONSULTA_ORDEN_FIELDS = ['empresa', 'claveRastreo', 'tipoOrden', 'fechaOperacion'] as const;

/** The fields of the conciliation query (`POST /efws/API/V2/conciliacion`): every order of a day, sent or received. */
export const CONCILIACION_FIELDS = ['empresa', 'tipoOrden', 'fechaOperacion'] as const;

/** A field's value: text, a whole number, or absent (an empty value). Amounts go in as text (montoText). */
export type CadenaValue = string | number | undefined;

/**
 * The cadena original of `values` in the order of `fields`: `||v1|v2|…|vN||`, absent fields empty. Throws
 * RangeError on a value holding `|` (it would shift every field after it: two requests, one signature) or a number
 * that is not a safe integer (amounts are text with two decimals, montoText).
 */
export function cadenaOriginal<F extends string>(fields: readonly F[], values: Partial<Record<F, CadenaValue>>): string {
  const texts = fields.map((field) => {
    const value = values[field];
    if (value === undefined) return '';
    if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new RangeError(`${field}: a number in a cadena original must be a whole number, got ${value}`);
    const text = String(value);
    if (text.includes('|')) throw new RangeError(`${field}: a value in a cadena original cannot hold "|"`);
    return text;
  });
  return `||${texts.join('|')}||`;
}

export const registraOrdenCadena = (orden: Partial<Record<RegistraOrdenField, CadenaValue>>): string => cadenaOriginal(REGISTRA_ORDEN_FIELDS, orden);

/** tipoOrden of STP's queries: 'R' orders received (deposits), 'E' orders sent (payouts). */
export type TipoOrden = 'R' | 'E';

export const consultaOrdenCadena = (q: { empresa: string; claveRastreo: string; tipoOrden: TipoOrden; fechaOperacion?: string }): string =>
  cadenaOriginal(CONSULTA_ORDEN_FIELDS, q);

export const conciliacionCadena = (q: { empresa: string; tipoOrden: TipoOrden; fechaOperacion?: string }): string => cadenaOriginal(CONCILIACION_FIELDS, q);

/** An amount in minor units as STP writes `monto` in a cadena original: pesos, a point, two digits (150050 → "1500.50"). */
export function montoText(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`an amount must be a whole number of centavos, got ${minor}`);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** The lender's private key (PEM, encrypted with the passphrase when given) read once; throws when it does not open. */
export function stpPrivateKey(pem: string, passphrase?: string): KeyObject {
  return createPrivateKey(passphrase === undefined ? pem : { key: pem, passphrase });
}

/** The firma of a cadena original: base64 of its RSA PKCS#1 v1.5 SHA-256 signature with the lender's private key. */
export function stpFirma(privateKey: string | KeyObject, passphrase: string | undefined, cadena: string): string {
  const key = typeof privateKey === 'string' ? stpPrivateKey(privateKey, passphrase) : privateKey;
  return createSign('RSA-SHA256').update(cadena, 'utf8').sign(key, 'base64');
}

/** True when `firma` is the signature of `cadena` by the key pair of `publicKey` (what STP checks; the mock does too). */
export function verifyStpFirma(publicKey: string | KeyObject, cadena: string, firma: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(firma)) return false;
  const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
  return createVerify('RSA-SHA256').update(cadena, 'utf8').verify(key, firma, 'base64');
}
