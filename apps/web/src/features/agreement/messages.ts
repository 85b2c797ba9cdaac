import { defineCatalogue } from '@/shared/i18n/use-messages';

/**
 * Every visible string of the loan agreement page (/loan-agreement and
 * /agony). No text states a rate, a charge or a day count of its own:
 * placeholders in braces are filled from the loan's agreement terms
 * (contract-detail or the confirmation's `terms`: the pricing code's figures
 * and the loan's market's rules), amounts in the market's currency. The tax's
 * name (IVA, GST) comes from the market too. Spanish is the default; English
 * has the same keys.
 */
export const agreementMessages = defineCatalogue({
  es: {
    pageTitle: 'Contrato de préstamo',
    heading: 'Contrato de préstamo',
    intro:
      'Este contrato se celebra entre {company}, con domicilio en {address} (el «Prestamista»), y la persona que solicita el préstamo en la aplicación (el «Prestatario»). Léalo con atención: al confirmar su préstamo lo acepta.',
    introPending: 'Este contrato se celebra entre el Prestamista y la persona que solicita el préstamo en la aplicación (el «Prestatario»). Léalo con atención: al confirmar su préstamo lo acepta.',
    loading: 'Cargando los datos del pagaré…',
    refusedTitle: 'No es posible mostrar el pagaré',
    loadFailedTitle: 'No pudimos cargar los datos del pagaré',
    loadFailedText: 'Revise su conexión e inténtelo de nuevo. Las cláusulas del contrato siguen disponibles abajo.',
    retry: 'Reintentar',

    noteHeading: 'Pagaré',
    notePromise:
      'Debo y pagaré incondicionalmente a la orden de {company} la cantidad de {contractAmount} el día {planDate}, conforme a los datos de este pagaré.',
    noteTableCaption: 'Datos del pagaré',
    notePending: 'Los datos de su préstamo aparecerán en este pagaré cuando se cree su solicitud.',
    noteFieldHeader: 'Concepto',
    noteValueHeader: 'Dato',
    empty: '—',
    rowBorrower: 'Nombre del prestatario',
    rowProduct: 'Producto',
    rowAmount: 'Monto del préstamo',
    rowBankAccount: 'Cuenta bancaria',
    rowDisbursalDate: 'Fecha de desembolso',
    rowRepaymentDate: 'Fecha de pago',
    rowContractAmount: 'Monto del contrato',
    rowCommission: 'Comisión',
    rowInterest: 'Interés',
    rowReceivedAmount: 'Monto recibido',
    rowAddress: 'Domicilio',
    rowContractDate: 'Fecha del contrato',
    rowCompany: 'Empresa',

    clausesHeading: 'Cláusulas',
    termsPending: 'Las condiciones de su préstamo (tasas, comisión, impuestos, cargos y plan de pagos) aparecen aquí cuando abre este contrato desde su préstamo o desde la confirmación.',
    termsLoading: 'Cargando las condiciones del préstamo…',
    termsFailedTitle: 'No pudimos cargar las condiciones del préstamo',
    clause1Title: 'Objeto',
    clause1Text:
      'El Prestamista otorga al Prestatario un préstamo personal de corto plazo de {amount} a {termDays} días, en {instalments}, que se deposita en la cuenta bancaria registrada por el Prestatario.',
    instalmentsOne: 'una cuota',
    instalmentsMany: '{count} cuotas de {days} días cada una',
    clause2Title: 'Intereses',
    clause2Text:
      'El préstamo causa un interés del {dailyRate} diario sobre el capital pendiente, es decir, una tasa anual del {annualRate} (año de {yearDays} días). El interés de cada cuota se indica en el plan de pagos.',
    clause3Title: 'Comisión',
    clause3Text: 'El Prestatario paga una comisión del {commissionRate} del monto del préstamo ({commission}), repartida entre las cuotas.',
    clause4Title: 'Impuestos',
    clause4Text: 'El {tax} es del {taxRate} sobre {taxBase}, calculado en cada cuota.',
    clause4Exempt: 'No causan {tax}: {exempt}.',
    chargeInterest: 'el interés',
    chargeCommission: 'la comisión',
    chargeExtensionFee: 'la comisión de extensión',
    chargeLate: 'los cargos por atraso',
    chargePenalty: 'la penalización por incumplimiento',
    listAnd: ' y ',
    clause5Title: 'Plan de pagos',
    clause5Text: 'El Prestatario pagará {total} en total, en estas fechas y montos:',
    planTitle: 'Cuota {seq} de {count}',
    planNote: 'Capital {principal} + interés {interest} + comisión {commission} + {tax} {taxAmount}',
    planAmountLabel: 'Monto',
    planDateLabel: 'Fecha de pago',
    clause6Title: 'Cargos por atraso',
    lateFine:
      'Si una cuota no se paga en su fecha, se cobra una pena por atraso del {rate} por cada día de atraso sobre lo que quede sin pagar de la cuota (capital, interés, comisión e impuesto).',
    lateTiered: 'Si una cuota no se paga en su fecha, se cobran intereses moratorios diarios sobre lo que quede sin pagar de la cuota: {tiers}.',
    tierRange: '{rate} los días {from} a {to}',
    tierOpen: '{rate} desde el día {from} hasta el pago total',
    penalty:
      'Además, el primer día de atraso se cobra una sola vez una penalización por incumplimiento de {newClient} a clientes nuevos y de {repeatClient} a clientes que ya pagaron un préstamo con nosotros.',
    penaltyApplies: 'A este préstamo le corresponde una penalización de {amount}.',
    clause7Title: 'Extensión de plazo',
    extension:
      'El Prestatario puede extender el plazo antes, en o después de la fecha de pago: cada extensión mueve la fecha de pago {days} días. Se paga con los cargos por atraso y los intereses vencidos, más una comisión de extensión igual al interés de {days} días sobre el capital pendiente ({fee} sobre el monto completo del préstamo).',
    extensionTax: 'La comisión de extensión causa {tax} ({taxAmount} sobre el monto completo).',
    extensionNone: 'Este préstamo no admite extensiones de plazo.',
    clause8Title: 'Pago anticipado',
    prepayment:
      'El Prestatario puede pagar por adelantado desde la mitad del plazo y nunca antes de {minDays} días después del desembolso: en este préstamo, a partir del día {fromDay} después del desembolso.',
    prepaymentDated:
      'El Prestatario puede pagar por adelantado desde la mitad del plazo y nunca antes de {minDays} días después del desembolso: en este préstamo, a partir del {date} (día {fromDay} después del desembolso).',
    clause9Title: 'Aceptación',
    clause9Text:
      'El Prestatario acepta este contrato y suscribe el pagaré de forma electrónica al confirmar su préstamo en la aplicación, y puede consultarlos en cualquier momento desde ella.',
    keyFactsHeading: 'Hoja de Datos Clave: cuadro resumen',
    keyFactsIntro: 'La Hoja de Datos Clave n.º {proposalNo} forma parte de este contrato. Ningún cargo que no figure en ella puede cobrarse sin el consentimiento del Prestatario.',
    keyFactsAcknowledged: 'Leída y confirmada por el Prestatario el {date}.',
    keyFactsAmount: 'Monto del préstamo',
    keyFactsTotal: 'Total a pagar',
    keyFactsInstalments: 'Cuotas',
    keyFactsInstalmentsValue: '{count} de {days} días',
    keyFactsFee: 'Comisión por apertura (con {tax})',
    keyFactsLate: 'Interés moratorio diario',
    keyFactsPenalty: 'Penalización única por incumplimiento',
    keyFactsRead: 'Leer la Hoja de Datos Clave completa',
  },
  en: {
    pageTitle: 'Loan agreement',
    heading: 'Loan agreement',
    intro:
      'This agreement is made between {company}, of {address} (the “Lender”), and the person who applies for the loan in the app (the “Borrower”). Read it carefully: you accept it when you confirm your loan.',
    introPending: 'This agreement is made between the Lender and the person who applies for the loan in the app (the “Borrower”). Read it carefully: you accept it when you confirm your loan.',
    loading: 'Loading the promissory note details…',
    refusedTitle: 'The promissory note cannot be shown',
    loadFailedTitle: 'We could not load the promissory note details',
    loadFailedText: 'Check your connection and try again. The clauses of the agreement are still available below.',
    retry: 'Try again',

    noteHeading: 'Promissory note',
    notePromise:
      'I unconditionally promise to pay to the order of {company} the sum of {contractAmount} on {planDate}, as set out in this promissory note.',
    noteTableCaption: 'Promissory note details',
    notePending: 'The details of your loan will appear in this promissory note once your application is created.',
    noteFieldHeader: 'Item',
    noteValueHeader: 'Detail',
    empty: '—',
    rowBorrower: 'Borrower name',
    rowProduct: 'Product',
    rowAmount: 'Loan amount',
    rowBankAccount: 'Bank account',
    rowDisbursalDate: 'Disbursal date',
    rowRepaymentDate: 'Repayment date',
    rowContractAmount: 'Contract amount',
    rowCommission: 'Commission',
    rowInterest: 'Interest',
    rowReceivedAmount: 'Amount received',
    rowAddress: 'Address',
    rowContractDate: 'Contract date',
    rowCompany: 'Company',

    clausesHeading: 'Clauses',
    termsPending: 'The conditions of your loan (rates, commission, taxes, charges and repayment plan) appear here when you open this agreement from your loan or from the confirmation.',
    termsLoading: 'Loading the loan conditions…',
    termsFailedTitle: 'We could not load the loan conditions',
    clause1Title: 'Purpose',
    clause1Text:
      'The Lender grants the Borrower a short-term personal loan of {amount} for {termDays} days, in {instalments}, paid into the bank account the Borrower registered.',
    instalmentsOne: 'one instalment',
    instalmentsMany: '{count} instalments of {days} days each',
    clause2Title: 'Interest',
    clause2Text:
      'The loan bears interest of {dailyRate} a day on the outstanding principal, an annual rate of {annualRate} (a year of {yearDays} days). The interest of each instalment is stated in the repayment plan.',
    clause3Title: 'Commission',
    clause3Text: 'The Borrower pays a commission of {commissionRate} of the loan amount ({commission}), shared between the instalments.',
    clause4Title: 'Taxes',
    clause4Text: '{tax} is {taxRate} of {taxBase}, computed on each instalment.',
    clause4Exempt: 'No {tax} is charged on {exempt}.',
    chargeInterest: 'the interest',
    chargeCommission: 'the commission',
    chargeExtensionFee: 'the extension fee',
    chargeLate: 'the late charges',
    chargePenalty: 'the default penalty',
    listAnd: ' and ',
    clause5Title: 'Repayment plan',
    clause5Text: 'The Borrower repays {total} in all, on these dates and in these amounts:',
    planTitle: 'Instalment {seq} of {count}',
    planNote: 'Principal {principal} + interest {interest} + commission {commission} + {tax} {taxAmount}',
    planAmountLabel: 'Amount',
    planDateLabel: 'Due date',
    clause6Title: 'Late charges',
    lateFine:
      'If an instalment is not paid on its due date, an overdue fine of {rate} is charged for each day late on what is left unpaid of the instalment (principal, interest, commission and tax).',
    lateTiered: 'If an instalment is not paid on its due date, daily late interest is charged on what is left unpaid of the instalment: {tiers}.',
    tierRange: '{rate} on days {from} to {to}',
    tierOpen: '{rate} from day {from} until it is paid in full',
    penalty:
      'On the first day late, a one-off default penalty is also charged: {newClient} for new clients and {repeatClient} for clients who have repaid a loan with us before.',
    penaltyApplies: 'The penalty of this loan is {amount}.',
    clause7Title: 'Term extension',
    extension:
      'The Borrower may extend the term before, on or after the due date: each extension moves the due date by {days} days. It is paid with the late charges and the interest due, plus an extension fee equal to {days} days of interest on the outstanding principal ({fee} on the full loan amount).',
    extensionTax: 'The extension fee bears {tax} ({taxAmount} on the full amount).',
    extensionNone: 'This loan cannot be extended.',
    clause8Title: 'Prepayment',
    prepayment:
      'The Borrower may repay early from half the term, and never earlier than {minDays} days after disbursal: for this loan, from day {fromDay} after disbursal.',
    prepaymentDated:
      'The Borrower may repay early from half the term, and never earlier than {minDays} days after disbursal: for this loan, from {date} (day {fromDay} after disbursal).',
    clause9Title: 'Acceptance',
    clause9Text:
      'The Borrower accepts this agreement and signs the promissory note electronically by confirming the loan in the app, and can read both at any time in the app.',
    keyFactsHeading: 'Key Facts Statement: summary box',
    keyFactsIntro: 'Key Facts Statement no. {proposalNo} is part of this agreement. No charge that is not in it can be levied without the Borrower’s consent.',
    keyFactsAcknowledged: 'Read and acknowledged by the Borrower on {date}.',
    keyFactsAmount: 'Loan amount',
    keyFactsTotal: 'Total to pay',
    keyFactsInstalments: 'Instalments',
    keyFactsInstalmentsValue: '{count} of {days} days',
    keyFactsFee: 'Processing fee (with {tax})',
    keyFactsLate: 'Late interest a day',
    keyFactsPenalty: 'One-off default penalty',
    keyFactsRead: 'Read the whole Key Facts Statement',
  },
});

export type AgreementMessageKey = keyof (typeof agreementMessages)['es'];
