/** The signed agreement's evidence in the back office and the ops command (issue 38, docs/back-office.md "Agreements"). */
export const agreementEvidenceEs = {
  consoleAgreementNotFound: 'El pedido {orderNo} no tiene un contrato firmado.',
  opsAgreementOutUnwritable: 'No se puede escribir en la carpeta {dir}.',
} as const;

export const agreementEvidenceEn: Record<keyof typeof agreementEvidenceEs, string> = {
  consoleAgreementNotFound: 'Order {orderNo} has no signed agreement.',
  opsAgreementOutUnwritable: 'Cannot write to the folder {dir}.',
};
