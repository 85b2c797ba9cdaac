import type { Language } from '@presta/contract/language';

/**
 * The server's message catalogue: every text a borrower or operator can read in
 * an API answer. Spanish is the default; `{name}` placeholders take values.
 */
const es = {
  ok: 'Éxito',
  badRequest: 'La solicitud no es válida: {detail}',
  badRequestGeneric: 'La solicitud no es válida.',
  bodyTooLarge: 'La solicitud es demasiado grande.',
  unsupportedMediaType: 'Formato de solicitud no admitido.',
  sessionMissing: 'Su sesión no es válida. Vuelva a iniciar sesión en la aplicación.',
  sessionExpired: 'Su sesión ha caducado. Vuelva a iniciar sesión en la aplicación.',
  notFound: 'No encontramos lo que busca.',
  orderNotFound: 'No encontramos este pedido.',
  productNotFound: 'Este producto no está disponible para usted.',
  routeNotFound: 'Ruta no encontrada.',
  amountOutOfRange: 'El monto debe estar entre {min} y {max}, en múltiplos de {step}.',
  amountOverLimit: 'El monto supera su límite aprobado de {limit}.',
  periodsOutOfRange: 'El número de cuotas debe estar entre {min} y {max}.',
  termUnitMismatch: 'El plazo por cuota de este producto es de {days} días.',
  productInactive: 'Este producto no acepta solicitudes por ahora.',
  orderInProgress: 'Ya tiene un préstamo en curso con este producto.',
  invalidTransition: 'El pedido {orderNo} está en estado {from} y no puede pasar a {action}.',
  ratingNotAllowed: 'Solo puede calificar un préstamo desembolsado.',
  rateLimited: 'Demasiadas solicitudes. Inténtelo de nuevo en unos segundos.',
  operatorUnauthorized: 'Se requiere un token de operador válido.',
  demoToolsOff: 'Las herramientas de demostración están desactivadas.',
  internal: 'Tuvimos un problema. Inténtelo de nuevo más tarde.',
  // Loan texts
  detailAmount: 'Monto del préstamo',
  detailTerm: 'Plazo',
  detailTermValue: '{days} días',
  detailInstalments: 'Cuotas',
  detailInterest: 'Interés',
  detailCommission: 'Comisión',
  detailVat: 'IVA (16% de interés y comisión)',
  detailCoupon: 'Cupón de descuento',
  detailTotal: 'Total a pagar',
  detailReceived: 'Monto a recibir',
  detailOrderNo: 'Número de pedido',
  detailApplied: 'Fecha de solicitud',
  detailDisbursed: 'Fecha de desembolso',
  detailDueDate: 'Próximo vencimiento',
  detailDueAmount: 'Monto a pagar',
  detailBankAccount: 'Cuenta de depósito',
  planTitle: 'Cuota {seq}/{count}',
  planDescription: 'Capital {principal} + interés {interest} + comisión {commission} + IVA {vat}',
  rateMessage: 'Tasa de interés diaria',
  amountDescription: 'Monto a recibir en su cuenta',
  status21: 'En revisión',
  status21Desc: 'Estamos revisando su solicitud. Le daremos una respuesta en menos de 1 día.',
  status151: 'Aprobado',
  status151Desc: 'Su préstamo fue aprobado. El dinero llegará a su cuenta en 1 a 3 días.',
  status110: 'No aprobado',
  status110Desc: 'Esta vez no pudimos aprobar su solicitud. Puede volver a intentarlo más adelante.',
  status174: 'Desembolsado',
  status174Desc: 'El dinero está en su cuenta. Pague su cuota antes de {date}.',
  status180: 'Vencido',
  status180Desc: 'Su cuota venció el {date}. Pague hoy para evitar más cargos.',
  status200: 'Liquidado',
  status200Desc: 'Pagó su préstamo completo. ¡Gracias! Puede volver a solicitar cuando quiera.',
  // Loans and orders (loan module)
  orderIdRequired: 'Indique el pedido que desea calificar.',
  disbursalDateInvalid: 'La fecha de desembolso {date} no es válida: use AAAA-MM-DD, hoy o un día anterior.',
  offerBelowMinimum: 'Su límite aprobado de {limit} es menor que el monto mínimo de este producto ({min}).',
  opsUsage: 'Uso: npm run ops -- approve <orderNo> | reject <orderNo> [--reason texto] | disburse <orderNo> [--on AAAA-MM-DD] | sweep-overdue | show <orderNo>',
  opsMissingOrderNo: 'Falta el número de pedido.',
  opsUnknownCommand: 'Comando desconocido: {command}.',
  // Ledger (payments, extension)
  paymentAmountInvalid: 'El monto del pago debe ser un número entero positivo de centavos: {amount}.',
  paymentSourceInvalid: 'El pago debe indicar canal, proveedor e identificador del evento del proveedor.',
  paymentDateInvalid: 'La fecha de recepción del pago {date} no es válida: no puede ser futura ni anterior al desembolso.',
  loanNotDisbursed: 'El préstamo {orderNo} está en estado {status}: aún no recibe pagos.',
} as const;

export type MessageKey = keyof typeof es;

const en: Record<MessageKey, string> = {
  ok: 'Success',
  badRequest: 'The request is not valid: {detail}',
  badRequestGeneric: 'The request is not valid.',
  bodyTooLarge: 'The request is too large.',
  unsupportedMediaType: 'Unsupported request format.',
  sessionMissing: 'Your session is not valid. Please sign in again in the app.',
  sessionExpired: 'Your session has expired. Please sign in again in the app.',
  notFound: 'We could not find what you are looking for.',
  orderNotFound: 'We could not find this order.',
  productNotFound: 'This product is not available to you.',
  routeNotFound: 'Route not found.',
  amountOutOfRange: 'The amount must be between {min} and {max}, in steps of {step}.',
  amountOverLimit: 'The amount is over your approved limit of {limit}.',
  periodsOutOfRange: 'The number of instalments must be between {min} and {max}.',
  termUnitMismatch: 'Each instalment of this product lasts {days} days.',
  productInactive: 'This product is not taking applications right now.',
  orderInProgress: 'You already have a loan in progress with this product.',
  invalidTransition: 'Order {orderNo} is in status {from} and cannot {action}.',
  ratingNotAllowed: 'You can only rate a disbursed loan.',
  rateLimited: 'Too many requests. Please try again in a few seconds.',
  operatorUnauthorized: 'A valid operator token is required.',
  demoToolsOff: 'Demo tools are turned off.',
  internal: 'Something went wrong on our side. Please try again later.',
  detailAmount: 'Loan amount',
  detailTerm: 'Term',
  detailTermValue: '{days} days',
  detailInstalments: 'Instalments',
  detailInterest: 'Interest',
  detailCommission: 'Commission',
  detailVat: 'VAT (16% of interest and commission)',
  detailCoupon: 'Discount coupon',
  detailTotal: 'Total to repay',
  detailReceived: 'Amount you receive',
  detailOrderNo: 'Order number',
  detailApplied: 'Applied on',
  detailDisbursed: 'Disbursed on',
  detailDueDate: 'Next due date',
  detailDueAmount: 'Amount due',
  detailBankAccount: 'Deposit account',
  planTitle: 'Instalment {seq}/{count}',
  planDescription: 'Principal {principal} + interest {interest} + commission {commission} + VAT {vat}',
  rateMessage: 'Daily interest rate',
  amountDescription: 'Amount credited to your account',
  status21: 'Under review',
  status21Desc: 'We are reviewing your application. You will have an answer within 1 day.',
  status151: 'Approved',
  status151Desc: 'Your loan is approved. The money reaches your account within 1 to 3 days.',
  status110: 'Not approved',
  status110Desc: 'We could not approve your application this time. You can apply again later.',
  status174: 'Disbursed',
  status174Desc: 'The money is in your account. Pay your instalment by {date}.',
  status180: 'Overdue',
  status180Desc: 'Your instalment was due on {date}. Pay today to avoid further charges.',
  status200: 'Settled',
  status200Desc: 'You have repaid your loan in full. Thank you! You can borrow again any time.',
  orderIdRequired: 'Say which order you want to rate.',
  disbursalDateInvalid: 'The disbursal date {date} is not valid: use YYYY-MM-DD, today or an earlier day.',
  offerBelowMinimum: 'Your approved limit of {limit} is below the minimum amount of this product ({min}).',
  opsUsage: 'Usage: npm run ops -- approve <orderNo> | reject <orderNo> [--reason text] | disburse <orderNo> [--on YYYY-MM-DD] | sweep-overdue | show <orderNo>',
  opsMissingOrderNo: 'The order number is missing.',
  opsUnknownCommand: 'Unknown command: {command}.',
  paymentAmountInvalid: 'A payment amount must be a positive whole number of minor units: {amount}.',
  paymentSourceInvalid: 'A payment must name its channel, provider and provider event id.',
  paymentDateInvalid: 'The payment received date {date} is not valid: it cannot be in the future or before the disbursal.',
  loanNotDisbursed: 'Loan {orderNo} is in status {status}: it does not take payments yet.',
};

const catalogues: Record<Language, Record<MessageKey, string>> = { es, en };

/** A template split once into literal text (even indexes) and placeholder names (odd indexes). */
const compiled = new Map<string, string[]>();
function pieces(template: string): string[] {
  let p = compiled.get(template);
  if (!p) {
    p = template.split(/\{(\w+)\}/);
    compiled.set(template, p);
  }
  return p;
}

export function translate(lang: Language, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const template = catalogues[lang][key] ?? catalogues.es[key];
  const p = pieces(template);
  if (p.length === 1) return template;
  let out = '';
  for (let i = 0; i < p.length; i++) {
    const piece = p[i]!;
    out += i % 2 === 0 ? piece : piece in vars ? String(vars[piece]) : `{${piece}}`;
  }
  return out;
}
