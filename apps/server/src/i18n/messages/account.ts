/** The account (issue 16): one active loan, the bank account for disbursal. */
export const accountEs = {
  activeLoanExists: 'Ya tiene un préstamo activo (en revisión, aprobado o en pago). Podrá solicitar otro cuando lo termine de pagar.',
  disbursalNoBankAccount: 'El pedido {orderNo} no se puede desembolsar: el cliente no tiene una cuenta bancaria registrada.',
  disbursalOwnApproval: 'Usted aprobó el pedido {orderNo}: lo desembolsa otro miembro del personal (cuatro ojos).',
  bankAccountClabeFormat: 'La CLABE debe tener 18 dígitos.',
  bankAccountClabeCheckDigit: 'La CLABE no es válida: su dígito de control no coincide. Revise los 18 dígitos.',
  bankAccountClabeBank: 'La CLABE no corresponde a un banco que conozcamos (clave {code}). Revise los primeros 3 dígitos.',
  bankAccountIfscUnexpected: 'En México solo se necesita la CLABE: deje vacío el IFSC.',
  bankAccountNumberFormat: 'El número de cuenta debe tener de 9 a 18 dígitos.',
  bankAccountIfscRequired: 'Escriba el IFSC de su sucursal.',
  bankAccountIfscFormat: 'El IFSC no es válido: son 4 letras, un 0 y 6 letras o dígitos (por ejemplo HDFC0001234).',
  bankAccountSmsBody: 'Presta: su código para cambiar su cuenta de depósito es {code}. Vence en {minutes} minutos. Si no lo pidió, no lo comparta con nadie.',
} as const;

export const accountEn: Record<keyof typeof accountEs, string> = {
  activeLoanExists: 'You already have an active loan (under review, approved or being repaid). You can apply for another once it is repaid.',
  disbursalNoBankAccount: 'Order {orderNo} cannot be disbursed: the borrower has no bank account on file.',
  disbursalOwnApproval: 'You approved order {orderNo}: another staff member disburses it (four eyes).',
  bankAccountClabeFormat: 'The CLABE must be 18 digits.',
  bankAccountClabeCheckDigit: 'The CLABE is not valid: its check digit does not match. Check the 18 digits.',
  bankAccountClabeBank: 'The CLABE does not name a bank we know (code {code}). Check its first 3 digits.',
  bankAccountIfscUnexpected: 'In Mexico only the CLABE is needed: leave the IFSC empty.',
  bankAccountNumberFormat: 'The account number must be 9 to 18 digits.',
  bankAccountIfscRequired: 'Enter the IFSC of your branch.',
  bankAccountIfscFormat: 'The IFSC is not valid: it is 4 letters, a 0 and 6 letters or digits (for example HDFC0001234).',
  bankAccountSmsBody: 'Presta: your code to change your deposit account is {code}. It expires in {minutes} minutes. If you did not ask for it, never share it.',
};
