/** The signed agreement (issue 38, docs/agreements.md): its signing code, refusals, SMS and the disbursal's gate. */
export const agreementsEs = {
  agreementNotFound: 'No encontramos ese contrato.',
  agreementCodeSms: '{brand}: su código para firmar el contrato de {amount} (documento …{hashTail}) es {code}. Vence en {minutes} minutos. No lo comparta.',
  agreementCodeOtherDocument: 'Este código se envió para otra versión del contrato. Pida uno nuevo.',
  agreementSignedSms: '{brand}: firmó el contrato {agreementNo} de su préstamo {orderNo} de {amount}. Véalo y descárguelo aquí: {url}',
  agreementNotSigned: 'Firme el contrato para solicitar su préstamo.',
  agreementMismatch: 'El contrato firmado no corresponde a este préstamo. Firme el contrato con estas condiciones para solicitarlo.',
  disbursalAgreementUnsigned: 'El contrato del préstamo {orderNo} no está firmado: no puede desembolsarse.',
  disbursalAgreementNotStamped:
    'El contrato del préstamo {orderNo} está firmado pero aún sin sello de tiempo: se desembolsa cuando llegue el sello (se pide de nuevo cada minuto).',
} as const;

export const agreementsEn: Record<keyof typeof agreementsEs, string> = {
  agreementNotFound: 'We could not find that agreement.',
  agreementCodeSms: '{brand}: your code to sign the agreement for {amount} (document …{hashTail}) is {code}. It expires in {minutes} minutes. Never share it.',
  agreementCodeOtherDocument: 'This code was sent for another version of the agreement. Ask for a new one.',
  agreementSignedSms: '{brand}: you signed agreement {agreementNo} of your loan {orderNo} for {amount}. See and download it here: {url}',
  agreementNotSigned: 'Sign the agreement to apply for your loan.',
  agreementMismatch: 'The signed agreement is not for this loan. Sign the agreement with these terms to apply.',
  disbursalAgreementUnsigned: 'The agreement of loan {orderNo} is not signed: it cannot be disbursed.',
  disbursalAgreementNotStamped:
    'The agreement of loan {orderNo} is signed but has no time-stamp yet: it is disbursed once the time-stamp arrives (asked for again every minute).',
};
