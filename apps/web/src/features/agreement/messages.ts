import { defineCatalogue } from '@/shared/i18n/use-messages';

/**
 * Every visible string of the loan agreement page (/loan-agreement and
 * /agony). Placeholders in braces are filled from the contract (company,
 * amounts, dates) and from agreementFigures (rates, days), the same in both
 * languages. Spanish is the default; English has the same keys.
 */
export const agreementMessages = defineCatalogue({
  es: {
    pageTitle: 'Contrato de préstamo',
    heading: 'Contrato de préstamo',
    intro:
      'Este contrato se celebra entre {company} (el «Prestamista») y la persona que solicita el préstamo en la aplicación (el «Prestatario»). Léalo con atención: al confirmar su préstamo lo acepta.',
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
    rowIva: 'IVA',
    rowReceivedAmount: 'Monto recibido',
    rowAddress: 'Domicilio',
    rowContractDate: 'Fecha del contrato',
    rowCompany: 'Empresa',

    clausesHeading: 'Cláusulas',
    clause1Title: 'Objeto',
    clause1Text:
      'El Prestamista otorga al Prestatario un préstamo personal de corto plazo por el monto indicado en el pagaré, que se deposita en la cuenta bancaria registrada por el Prestatario.',
    clause2Title: 'Intereses',
    clause2Text:
      'La tasa de interés anual es del {annualInterestRate}. El interés del préstamo es del {interestRate}; su importe se indica en el pagaré.',
    clause3Title: 'Comisión e IVA',
    clause3Text:
      'El Prestatario paga la comisión indicada en el pagaré. El impuesto al valor agregado (IVA) es del {ivaRate} de la suma del interés y la comisión: IVA = {ivaRate} × (interés + comisión).',
    clause4Title: 'Pago',
    clause4Text:
      'El Prestatario pagará el monto del contrato a más tardar en la fecha de pago indicada en el pagaré, con los métodos de pago que la aplicación pone a su disposición.',
    clause5Title: 'Pena por atraso',
    clause5Text: 'Si el pago no se realiza en la fecha acordada, se cobra una pena por atraso del {overdueFinePerDay} por día de atraso.',
    clause6Title: 'Pago diferido',
    clause6Text:
      'El Prestatario puede diferir el pago hasta por {maxDeferralDays} días mediante la extensión de plazo, en las condiciones que la aplicación le muestre antes de aceptarla.',
    clause7Title: 'Aceptación',
    clause7Text:
      'El Prestatario acepta este contrato y suscribe el pagaré de forma electrónica al confirmar su préstamo en la aplicación, y puede consultarlos en cualquier momento desde ella.',
  },
  en: {
    pageTitle: 'Loan agreement',
    heading: 'Loan agreement',
    intro:
      'This agreement is made between {company} (the “Lender”) and the person who applies for the loan in the app (the “Borrower”). Read it carefully: you accept it when you confirm your loan.',
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
    rowIva: 'VAT (IVA)',
    rowReceivedAmount: 'Amount received',
    rowAddress: 'Address',
    rowContractDate: 'Contract date',
    rowCompany: 'Company',

    clausesHeading: 'Clauses',
    clause1Title: 'Purpose',
    clause1Text:
      'The Lender grants the Borrower a short-term personal loan for the amount stated in the promissory note, paid into the bank account the Borrower registered.',
    clause2Title: 'Interest',
    clause2Text:
      'The annual interest rate is {annualInterestRate}. The interest of the loan is {interestRate}; its amount is stated in the promissory note.',
    clause3Title: 'Commission and VAT',
    clause3Text:
      'The Borrower pays the commission stated in the promissory note. Value added tax (IVA) is {ivaRate} of the sum of the interest and the commission: IVA = {ivaRate} × (interest + commission).',
    clause4Title: 'Repayment',
    clause4Text:
      'The Borrower pays the contract amount no later than the repayment date stated in the promissory note, using the payment methods the app makes available.',
    clause5Title: 'Late payment fine',
    clause5Text: 'If a payment is not made on the agreed date, an overdue fine of {overdueFinePerDay} per day late is charged.',
    clause6Title: 'Deferred repayment',
    clause6Text:
      'The Borrower may defer the repayment by up to {maxDeferralDays} days through a term extension, on the conditions the app shows before the Borrower accepts it.',
    clause7Title: 'Acceptance',
    clause7Text:
      'The Borrower accepts this agreement and signs the promissory note electronically by confirming the loan in the app, and can read both at any time in the app.',
  },
});

export type AgreementMessageKey = keyof (typeof agreementMessages)['es'];
