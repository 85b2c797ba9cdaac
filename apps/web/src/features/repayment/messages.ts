import { defineCatalogue } from '@/shared/i18n/use-messages';

/**
 * Every visible string of the repayment pages: instalment repayment
 * (/repayment), extension repayment (/repayment-delay) and the payment
 * instruction (/carpmm). Spanish is the default; English has the same keys.
 */
export const repaymentMessages = defineCatalogue({
  es: {
    // Shared states
    loading: 'Cargando…',
    refusedTitle: 'No es posible continuar',
    loadFailedTitle: 'No pudimos cargar la información',
    loadFailedText: 'Revise su conexión e inténtelo de nuevo.',
    retry: 'Reintentar',
    missingOrder: 'No encontramos este préstamo. Vuelva a abrir la página desde la aplicación.',
    close: 'Cerrar',
    noticeLabel: 'Aviso',
    copy: 'Copiar',
    copied: 'Copiado',
    copyFailed: 'No se pudo copiar. Mantenga presionado el texto para copiarlo.',

    // Payment channels (both repayment pages)
    channelsTitle: 'Elija cómo pagar',
    channelsHint: 'Toque un método para generar su referencia y ver cómo pagar.',
    noChannels: 'Por ahora no hay métodos de pago disponibles. Inténtelo más tarde.',
    voucherCodeLabel: 'Referencia',
    copyVoucherCode: 'Copiar referencia de {channel}',
    barcodeOpen: 'Ver código de barras de {channel}',
    barcodeTitle: 'Código de barras',
    barcodeAlt: 'Código de barras de la referencia {code}',
    barcodeScan: 'Muestre este código en caja para que lo escaneen y pague en efectivo.',

    // Instalment repayment
    repaymentPageTitle: 'Pagar préstamo',
    repaymentHeading: 'Pago de su préstamo',
    repayAmountLabel: 'Monto a pagar',
    nextInstalmentLabel: 'Próxima cuota',
    repayDateLabel: 'Fecha de pago',
    detailsTitle: 'Detalle del pago',
    showMore: 'Ver más',
    showLess: 'Ocultar',

    // Extension repayment
    extensionPageTitle: 'Extender plazo',
    extensionHeading: 'Extensión de plazo',
    extensionAmountLabel: 'Cargo por extensión',
    newDueDateLabel: 'Nueva fecha de pago',
    planTitle: 'Su plan con la extensión',
    planAmountLabel: 'Monto',
    planDateLabel: 'Fecha',

    // Payment instruction
    instructionPageTitle: 'Instrucciones de pago',
    instructionHeading: 'Instrucciones de pago',
    generating: 'Generando su referencia…',
    totalLabel: 'Total a pagar',
    topLogoAlt: 'Método de pago',
    bottomLogoAlt: 'Procesador de pagos',
    referenceImageAlt: 'Código de la referencia de pago {code}',
    referenceLabel: 'Referencia de pago',
    copyReference: 'Copiar referencia de pago',
    paymentDetailsLabel: 'Datos para pagar',
    copyDetail: 'Copiar {label}',
    companyLabel: 'Empresa',
    copyCompany: 'Copiar nombre de la empresa',
    emailLabel: 'Correo electrónico',
    imageAlt: '{title}: imagen {index} de {count}',
    invalidLinkTitle: 'Enlace de pago no válido',
    invalidLinkText: 'Faltan datos del pago o no son correctos. Vuelva a la página de pago y elija un método otra vez.',
    backToPayment: 'Volver a pagar',
  },
  en: {
    loading: 'Loading…',
    refusedTitle: 'This cannot go ahead',
    loadFailedTitle: 'We could not load this information',
    loadFailedText: 'Check your connection and try again.',
    retry: 'Try again',
    missingOrder: 'We could not find this loan. Open the page again from the app.',
    close: 'Close',
    noticeLabel: 'Notice',
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Could not copy. Press and hold the text to copy it.',

    channelsTitle: 'Choose how to pay',
    channelsHint: 'Tap a method to create your reference and see how to pay.',
    noChannels: 'No payment methods are available right now. Please try again later.',
    voucherCodeLabel: 'Reference',
    copyVoucherCode: 'Copy reference of {channel}',
    barcodeOpen: 'Show barcode of {channel}',
    barcodeTitle: 'Barcode',
    barcodeAlt: 'Barcode of reference {code}',
    barcodeScan: 'Show this code at the till so they can scan it, and pay in cash.',

    repaymentPageTitle: 'Repay loan',
    repaymentHeading: 'Your loan repayment',
    repayAmountLabel: 'Amount to pay',
    nextInstalmentLabel: 'Next instalment',
    repayDateLabel: 'Due date',
    detailsTitle: 'Payment details',
    showMore: 'More',
    showLess: 'Hide',

    extensionPageTitle: 'Extend term',
    extensionHeading: 'Term extension',
    extensionAmountLabel: 'Extension fee',
    newDueDateLabel: 'New due date',
    planTitle: 'Your plan with the extension',
    planAmountLabel: 'Amount',
    planDateLabel: 'Date',

    instructionPageTitle: 'Payment instructions',
    instructionHeading: 'Payment instructions',
    generating: 'Creating your reference…',
    totalLabel: 'Total to pay',
    topLogoAlt: 'Payment method',
    bottomLogoAlt: 'Payment processor',
    referenceImageAlt: 'Code of payment reference {code}',
    referenceLabel: 'Payment reference',
    copyReference: 'Copy payment reference',
    paymentDetailsLabel: 'Payment details',
    copyDetail: 'Copy {label}',
    companyLabel: 'Company',
    copyCompany: 'Copy company name',
    emailLabel: 'E-mail',
    imageAlt: '{title}: image {index} of {count}',
    invalidLinkTitle: 'Invalid payment link',
    invalidLinkText: 'Some payment details are missing or wrong. Go back to the payment page and choose a method again.',
    backToPayment: 'Back to payment',
  },
});

export type RepaymentMessageKey = keyof (typeof repaymentMessages)['es'];
