import { defineCatalogue } from '@/shared/i18n/use-messages';

/**
 * Every visible string of the legacy card repayment page (/card-repayment).
 * Spanish is the default; English has the same keys.
 *
 * The spec (§5, §8) gives some of these legacy messages only as Chinese texts.
 * The catalogue type holds Spanish and English only (defineCatalogue, shared
 * i18n), so the Chinese originals are kept as `zh:` comments next to their keys.
 */
export const cardRepaymentMessages = defineCatalogue({
  es: {
    pageTitle: 'Pagar con tarjeta',
    heading: 'Pago con tarjeta',
    amountLabel: 'Monto a pagar',
    loading: 'Cargando sus tarjetas…',
    refusedTitle: 'No es posible pagar con tarjeta',
    loadFailedTitle: 'No pudimos cargar sus tarjetas',
    loadFailedText: 'Revise su conexión e inténtelo de nuevo.',
    retry: 'Reintentar',
    invalidLinkTitle: 'Enlace de pago no válido',
    invalidLinkText: 'Faltan datos del pago o no son correctos. Vuelva a la página de pago y elija un método otra vez.',
    backToPayment: 'Volver a pagar',

    // Cards on file
    cardsTitle: 'Elija una tarjeta',
    noCards: 'No tiene tarjetas guardadas. Puede pagar con otra tarjeta.',
    cardEnding: 'terminada en {digits}',
    pay: 'Pagar',
    paying: 'Procesando su pago…',
    anotherCard: 'Pagar con otra tarjeta',
    openingAnotherCard: 'Abriendo la página de pago…',
    paymentDone: 'Pago realizado con éxito',

    // SMS verification step
    smsTitle: 'Código de verificación',
    smsSent: 'Le enviamos un código de {length} dígitos por SMS. Escríbalo para confirmar el pago.',
    smsCodeLabel: 'Código SMS',
    resend: 'Reenviar código',
    resendIn: 'Reenviar en {seconds} s',
    resendWait: 'Podrá pedir otro código en {seconds} segundos.',
    resendReady: 'Ya puede pedir otro código.',
    sendingCode: 'Enviando el código…',
    codeResent: 'Le enviamos un código nuevo. Revise su teléfono.', // zh (§8, SMS sent): 验证码已发送，请注意查收
    confirm: 'Confirmar pago',
    confirming: 'Confirmando su pago…',
    close: 'Cerrar',

    // Refusals and failures (§5, §8)
    selectCardFirst: 'Primero seleccione una tarjeta bancaria', // zh: 请先选择银行卡
    enterValidCode: 'Ingrese el código de verificación correcto', // zh: 请输入正确的验证码
    wrongCode: 'El código de verificación no es correcto', // '800006' without a message; zh: 验证码错误
    repeatPayment: 'Este pago ya fue solicitado', // '800005' without a message; zh: 重复支付请求
    cardListFailed: 'No pudimos consultar sus tarjetas', // zh: 银行卡列表查询失败
    processingFailed: 'No se pudo procesar. Inténtelo de nuevo.', // zh: 处理失败
    networkError: 'Error de conexión. Inténtelo de nuevo.', // §8: a network failure shows 'error'
  },
  en: {
    pageTitle: 'Pay by card',
    heading: 'Card payment',
    amountLabel: 'Amount to pay',
    loading: 'Loading your cards…',
    refusedTitle: 'Card payment is not possible',
    loadFailedTitle: 'We could not load your cards',
    loadFailedText: 'Check your connection and try again.',
    retry: 'Try again',
    invalidLinkTitle: 'Invalid payment link',
    invalidLinkText: 'Some payment details are missing or wrong. Go back to the payment page and choose a method again.',
    backToPayment: 'Back to payment',

    cardsTitle: 'Choose a card',
    noCards: 'You have no saved cards. You can pay with another card.',
    cardEnding: 'ending in {digits}',
    pay: 'Pay',
    paying: 'Processing your payment…',
    anotherCard: 'Pay with another card',
    openingAnotherCard: 'Opening the payment page…',
    paymentDone: 'Payment successful',

    smsTitle: 'Verification code',
    smsSent: 'We sent a {length}-digit code by SMS. Enter it to confirm the payment.',
    smsCodeLabel: 'SMS code',
    resend: 'Resend code',
    resendIn: 'Resend in {seconds} s',
    resendWait: 'You can ask for another code in {seconds} seconds.',
    resendReady: 'You can now ask for another code.',
    sendingCode: 'Sending the code…',
    codeResent: 'We sent you a new code. Check your phone.',
    confirm: 'Confirm payment',
    confirming: 'Confirming your payment…',
    close: 'Close',

    selectCardFirst: 'Please select a bank card first',
    enterValidCode: 'Please enter the correct verification code',
    wrongCode: 'The verification code is not correct',
    repeatPayment: 'This payment has already been requested',
    cardListFailed: 'Card list query failed',
    processingFailed: 'Processing failed. Please try again.',
    networkError: 'Error: we could not connect. Please try again.',
  },
});

export type CardRepaymentMessageKey = keyof (typeof cardRepaymentMessages)['es'];
