/** Bank account verification (issue 37, docs/account.md "Verification"): the borrower's words and the reviewer's. */
export const accountVerificationEs = {
  accountVerificationVerified: 'Cuenta verificada: a su nombre.',
  accountVerificationPending: 'Estamos verificando que la cuenta esté a su nombre. Tarda unos minutos.',
  accountVerificationReview:
    'El nombre que registra el banco no coincide del todo con el suyo: lo estamos revisando. Le avisaremos si necesitamos otra cuenta.',
  accountVerificationFailed: 'El banco no pudo confirmar esta cuenta. Revise los datos o registre otra cuenta a su nombre.',
  accountVerificationRejected: 'Esta cuenta no está a su nombre, así que no podemos depositar en ella. Registre otra cuenta a su nombre.',
  accountVerificationNoProvider: 'No hay proveedor de pagos para verificar cuentas en este mercado.',
  accountVerificationReasonRequired: 'Escriba el motivo (3 caracteres o más).',
  accountVerificationNotHeld: 'Esta verificación no está en revisión (estado: {status}).',
} as const;

export const accountVerificationEn: Record<keyof typeof accountVerificationEs, string> = {
  accountVerificationVerified: 'Account verified: it is in your name.',
  accountVerificationPending: 'We are checking that the account is in your name. It takes a few minutes.',
  accountVerificationReview: 'The name the bank holds does not fully match yours: we are reviewing it. We will tell you if we need another account.',
  accountVerificationFailed: 'The bank could not confirm this account. Check its details or add another account in your name.',
  accountVerificationRejected: 'This account is not in your name, so we cannot pay into it. Please add another account in your name.',
  accountVerificationNoProvider: 'There is no payout provider to verify accounts in this market.',
  accountVerificationReasonRequired: 'Write the reason (3 characters or more).',
  accountVerificationNotHeld: 'This verification is not under review (status: {status}).',
};
