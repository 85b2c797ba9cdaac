import { addDays, formatDate, type CalendarDate } from '@presta/contract/dates';
import { montoText, type CadenaValue, type RegistraOrdenField } from '../providers/stp-signature';
import type { PayoutRequest, PayoutState } from './payout-provider';

/*
 * The pure part of STP payouts (docs/providers/stp.md "Payouts"): a PayoutRequest as STP's registraOrden, STP's
 * institution codes, its order states and return causes in our words, and SPEI's operation days.
 */

export const STP_INSTITUTION = '90646';
export const MEXICO_CITY = 'America/Mexico_City';

/** claveRastreo: up to 30 letters and digits (STP's "RegistraOrden"; cuenca-mx/stpmex-python keeps 29 or fewer). */
export const CLAVE_RASTREO = /^[A-Za-z0-9]{1,30}$/;
/** nombreBeneficiario / nombreOrdenante / conceptoPago: at most 39 characters (stpmex-python `truncated_str(39)`). */
export const STP_TEXT_MAX = 39;

/** The development banks, whose SPEI code is 37 + the CLABE's code (Banxico's catalogue, python `clabe.BANKS`). */
const DEVELOPMENT_BANKS = new Set(['006', '009', '019', '135', '166', '168']);
/** Participants STP does not send to (stpmex-python BLOCKED_INSTITUTIONS). */
const BLOCKED = new Set(['90659', '90642']);

/**
 * STP's 5-digit institution code (institucionContraparte) of a CLABE's 3-digit bank code: banks 40 + code (BBVA 012 →
 * 40012), development banks 37 + code (Banco del Bienestar 166 → 37166), other participants 90 + code (STP 646 →
 * 90646). Undefined for a code that is not 3 digits or a participant STP refuses.
 */
export function institucionOf(bankCode: string): string | undefined {
  if (!/^\d{3}$/.test(bankCode) || bankCode === '000') return undefined;
  const prefix = DEVELOPMENT_BANKS.has(bankCode) ? '37' : Number(bankCode) >= 600 ? '90' : '40';
  const code = `${prefix}${bankCode}`;
  return BLOCKED.has(code) ? undefined : code;
}

/**
 * A name or concept as STP takes it: accents and ñ to their letter (NFKD without marks), anything but letters, digits
 * and spaces to a space, spaces collapsed, upper case, at most `max` characters (cut at a word when one ends near).
 */
export function stpText(text: string, max = STP_TEXT_MAX): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
  return ascii.length <= max ? ascii : ascii.slice(0, max).trimEnd();
}

/** referenciaNumerica: 7 digits at most and above 0, from the order number's digits (its last 7). */
export function referenciaOf(orderNo: string): number {
  const digits = orderNo.replace(/\D/g, '').slice(-7);
  const n = digits === '' ? 0 : Number(digits);
  return n > 0 ? n : 1;
}

/** An RFC (12–13) or CURP (18) as STP takes it, else 'ND' (no data: STP's word). */
export function rfcCurpOf(taxId: string | undefined): string {
  const t = (taxId ?? '').trim().toUpperCase();
  return /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/.test(t) || /^[A-Z]{4}\d{6}[HMX][A-Z]{5}[A-Z0-9]\d$/.test(t) ? t.replace('Ñ', 'X') : 'ND';
}

export type Ordenante = { account: string; name: string; rfc: string | undefined; empresa: string };

/** The registraOrden fields of a payout (all in the firma's cadena; absent ones are empty there and not sent). */
export function ordenOf(request: PayoutRequest, ordenante: Ordenante): Partial<Record<RegistraOrdenField, CadenaValue>> {
  const { beneficiary } = request;
  if (!CLAVE_RASTREO.test(request.idempotencyKey)) throw new RangeError('an STP claveRastreo is 1 to 30 letters and digits');
  if (!/^\d{18}$/.test(beneficiary.accountNumber)) throw new RangeError('an STP payout goes to an 18-digit CLABE');
  const institucion = institucionOf(beneficiary.accountNumber.slice(0, 3));
  if (!institucion) throw new RangeError(`STP does not pay to bank code ${beneficiary.accountNumber.slice(0, 3)}`);
  return {
    institucionContraparte: institucion,
    empresa: ordenante.empresa,
    // Our key as STP's folio too: the state callback names the order by id and folioOrigen only.
    folioOrigen: request.idempotencyKey,
    claveRastreo: request.idempotencyKey,
    institucionOperante: STP_INSTITUTION,
    monto: montoText(request.amount),
    tipoPago: 1,
    tipoCuentaOrdenante: 40,
    nombreOrdenante: stpText(ordenante.name),
    cuentaOrdenante: ordenante.account,
    rfcCurpOrdenante: rfcCurpOf(ordenante.rfc),
    tipoCuentaBeneficiario: 40,
    nombreBeneficiario: stpText(beneficiary.name),
    cuentaBeneficiario: beneficiary.accountNumber,
    rfcCurpBeneficiario: rfcCurpOf(beneficiary.taxId),
    conceptoPago: stpText(request.concept) || 'PRESTAMO',
    referenciaNumerica: referenciaOf(request.orderNo),
    topologia: 'T',
    medioEntrega: 3,
    prioridad: 0,
  };
}

/** STP's order states (stpmex-python `Estado`, STP's "Estados de las órdenes") and the callback's words, by what they mean. */
const PROCESSED = new Set(['LQ', 'TLQ', 'LIQUIDADA', 'LIQUIDACION', 'EXITO']);
const REVERSED = new Set(['D', 'DEVUELTA', 'DEVUELTO', 'DEVOLUCION']);
const FAILED = new Set(['CN', 'CL', 'CR', 'RL', 'RA', 'RB', 'EL', 'CA', 'TCL', 'CANCELADA', 'CANCELADO', 'CANCELACION', 'RECHAZADA', 'RECHAZADO']);

export type StpOutcome = 'processed' | 'reversed' | 'failed' | 'pending';

/** What an STP state (a query's code LQ/D/CN…, or the callback's LIQUIDACION/DEVOLUCION/CANCELACION) means. */
export function outcomeOf(estado: string | null | undefined): StpOutcome {
  const e = stpText(estado ?? '', 40).replaceAll(' ', '');
  if (PROCESSED.has(e)) return 'processed';
  if (REVERSED.has(e)) return 'reversed';
  if (FAILED.has(e)) return 'failed';
  return 'pending';
}

/** Banxico's causes of a return (causaDevolucion), the common ones; others are named by their number. */
const CAUSES: Record<number, string> = {
  1: 'Cuenta inexistente',
  2: 'Cuenta bloqueada',
  3: 'Cuenta cancelada',
  5: 'Cuenta en otra divisa',
  6: 'Cuenta no pertenece al banco receptor',
  13: 'Beneficiario no reconoce el pago',
  14: 'Falta información mandatoria para completar el pago',
  15: 'Tipo de pago erróneo',
  16: 'Tipo de operación errónea',
  17: 'Tipo de cuenta no corresponde',
  18: 'A solicitud del emisor',
  19: 'Carácter inválido',
  20: 'Excede el límite de saldo autorizado de la cuenta',
  21: 'Excede el límite de abonos permitidos en el mes en la cuenta',
};

/** A return cause in words for staff: "causa 1: Cuenta inexistente"; the text as given when it is not a number. */
export function causaText(causa: string | number | null | undefined): string | undefined {
  if (causa === null || causa === undefined || causa === '') return undefined;
  const n = Number(causa);
  if (Number.isSafeInteger(n)) return n === 0 ? undefined : `causa ${n}: ${CAUSES[n] ?? 'devolución'}`;
  return String(causa).slice(0, 200);
}

/** The SPEI operation day of an instant: its date in Mexico City, as STP writes it (YYYYMMDD). */
export const operationDayOf = (at: Date): string => formatDate(at, { timeZone: MEXICO_CITY }).replaceAll('-', '');

/** The banking day `step` days after (1) or before (−1) a YYYYMMDD day (Saturday and Sunday skipped; holidays are not known here). */
export function bankingDayFrom(yyyymmdd: string, step: 1 | -1): string {
  let day: CalendarDate = `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
  do day = addDays(day, step);
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay()));
  return day.replaceAll('-', '');
}

/** The day money reached the account: tsLiquidacion (ms) in Mexico City; undefined when STP gave none. */
export function valueDateOf(tsLiquidacion: number | string | null | undefined): CalendarDate | undefined {
  const ms = tsLiquidacion === null || tsLiquidacion === undefined ? Number.NaN : Number(tsLiquidacion);
  return Number.isSafeInteger(ms) && ms > 1e12 ? formatDate(new Date(ms), { timeZone: MEXICO_CITY }) : undefined;
}

/** A payout state from STP's state of an order and its return cause. */
export function stateOf(order: { idEF?: number | string | null; claveRastreo: string; estado?: string | null; causaDevolucion?: string | number | null; tsLiquidacion?: number | string | null }): PayoutState {
  const status = outcomeOf(order.estado);
  const base: PayoutState = { status, providerReference: order.claveRastreo, ...(order.idEF == null ? {} : { providerPayoutId: String(order.idEF) }) };
  if (status === 'processed') {
    const valueDate = valueDateOf(order.tsLiquidacion);
    return valueDate ? { ...base, valueDate } : base;
  }
  if (status === 'reversed') return { ...base, reason: causaText(order.causaDevolucion) ?? 'devuelta por el banco receptor' };
  if (status === 'failed') return { ...base, reason: `STP: ${order.estado ?? 'cancelada'}` };
  return base;
}
