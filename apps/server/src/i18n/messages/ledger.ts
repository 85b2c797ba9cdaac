/** The ledger (payments, extension), the statement and the receipts. */
export const ledgerEs = {
  // Ledger (payments, extension)
  paymentAmountInvalid: 'El monto del pago debe ser un número entero positivo de centavos: {amount}.',
  paymentSourceInvalid: 'El pago debe indicar canal, proveedor e identificador del evento del proveedor.',
  paymentDateInvalid: 'La fecha de recepción del pago {date} no es válida: no puede ser futura ni anterior al desembolso.',
  paymentAboveCeiling: 'El pago de {amount} supera lo que este pedido puede recibir ({ceiling}): queda en revisión y no se aplica.',
  loanNotDisbursed: 'El préstamo {orderNo} está en estado {status}: aún no recibe pagos.',
  refundAmountInvalid: 'El monto del reembolso debe ser un número entero positivo de centavos: {amount}.',
  refundLoanOpen: 'El préstamo {orderNo} está en estado {status}: su saldo a favor ({credit}) se aplica solo a sus próximas cuotas; solo se reembolsa el saldo a favor de un préstamo liquidado.',
  refundAboveCredit: 'No se pueden reembolsar {amount} del préstamo {orderNo}: su saldo a favor es {credit}.',
  coolingOffNoMarket: 'El préstamo {orderNo} ({market}) no tiene periodo de reflexión: solo los préstamos de India (KFS) lo tienen.',
  coolingOffOutside: 'El préstamo {orderNo} no puede salir por el periodo de reflexión el {date}: el periodo va del desembolso ({disbursedOn}) al {until}, sin cuotas vencidas.',
  coolingOffSettled: 'El préstamo {orderNo} ya está liquidado: no hay salida por el periodo de reflexión que registrar.',
  suspenseNotFound: 'No encontramos la partida en suspenso {id}.',
  suspenseResolved: 'La partida en suspenso {id} ya se resolvió ({resolution}).',
  disbursalBeforeApplication: 'El pedido {orderNo} se solicitó el {applied}: no puede desembolsarse el {date}, un día anterior.',
  // Statement and receipts (statement module)
  statementNotAvailable: 'El estado de cuenta del pedido {orderNo} estará disponible cuando se desembolse el préstamo.',
  keyFactsNotFound: 'No encontramos esta Hoja de Datos Clave.',
  keyFactsRequired: 'Antes de solicitar el préstamo, lea la Hoja de Datos Clave de esta oferta y confirme que la entendió.',
  keyFactsExpired: 'La Hoja de Datos Clave {proposalNo} venció el {validUntil}. Lea la nueva y confírmela para solicitar el préstamo.',
  keyFactsMismatch: 'La Hoja de Datos Clave {proposalNo} no corresponde a este monto, plazo o precio. Lea la de esta oferta y confírmela.',
  paymentNotFound: 'No encontramos este pago.',
} as const;

export const ledgerEn: Record<keyof typeof ledgerEs, string> = {
  // Ledger (payments, extension)
  paymentAmountInvalid: 'A payment amount must be a positive whole number of minor units: {amount}.',
  paymentSourceInvalid: 'A payment must name its channel, provider and provider event id.',
  paymentDateInvalid: 'The payment received date {date} is not valid: it cannot be in the future or before the disbursal.',
  paymentAboveCeiling: 'The payment of {amount} is more than this order can take ({ceiling}): it is held for review and not applied.',
  loanNotDisbursed: 'Loan {orderNo} is in status {status}: it does not take payments yet.',
  refundAmountInvalid: 'The refund amount must be a positive whole number of minor units: {amount}.',
  refundLoanOpen: 'Loan {orderNo} is in status {status}: its credit ({credit}) goes to its next instalments by itself; only the credit of a settled loan is refunded.',
  refundAboveCredit: 'Cannot refund {amount} of loan {orderNo}: its credit is {credit}.',
  coolingOffNoMarket: 'Loan {orderNo} ({market}) has no cooling-off exit: only Indian loans (KFS) have one.',
  coolingOffOutside: 'Loan {orderNo} cannot take a cooling-off exit on {date}: the period runs from the disbursal ({disbursedOn}) through {until}, with no instalment fallen due.',
  coolingOffSettled: 'Loan {orderNo} is already settled: there is no cooling-off exit to record.',
  suspenseNotFound: 'There is no suspense entry {id}.',
  suspenseResolved: 'Suspense entry {id} is already resolved ({resolution}).',
  disbursalBeforeApplication: 'Order {orderNo} was applied for on {applied}: it cannot be disbursed on {date}, an earlier day.',
  // Statement and receipts (statement module)
  statementNotAvailable: 'The statement of order {orderNo} will be available once the loan is disbursed.',
  keyFactsNotFound: 'We could not find this Key Facts Statement.',
  keyFactsRequired: 'Before you apply, read the Key Facts Statement of this offer and confirm that you have understood it.',
  keyFactsExpired: 'Key Facts Statement {proposalNo} expired on {validUntil}. Read the new one and confirm it to apply.',
  keyFactsMismatch: 'Key Facts Statement {proposalNo} is not for this amount, term or price. Read the one for this offer and confirm it.',
  paymentNotFound: 'We could not find this payment.',
};
