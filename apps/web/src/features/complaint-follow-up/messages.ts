import { defineCatalogue } from '@/shared/i18n/use-messages';

/**
 * Every visible string of the complaint follow-up pages: the complaint list
 * (/complaintList) and one complaint with the support reply
 * (/complainDetails?problemId=…). Spanish is the default; English has the
 * same keys. The tab titles, question types and texts come from the server.
 */
export const complaintFollowUpMessages = defineCatalogue({
  es: {
    // Shared states
    loading: 'Cargando…',
    retry: 'Reintentar',
    close: 'Cerrar',
    backToList: 'Ver mis quejas',

    // Complaint list
    listPageTitle: 'Mis quejas',
    listHeading: 'Mis quejas',
    listLoadFailedTitle: 'No pudimos cargar sus quejas',
    listLoadFailedText: 'Revise su conexión e inténtelo de nuevo.',
    listRefusedTitle: 'No es posible mostrar sus quejas',
    itemNumber: 'N.º {id}',
    emptyTabTitle: 'Nada por aquí',
    emptyTabText: 'No tiene quejas en esta sección.',
    noComplaintsText: 'Aún no tiene quejas. Si algo no salió bien, cuéntenoslo.',
    fileComplaint: 'Presentar una queja',

    // Complaint detail
    detailPageTitle: 'Detalle de la queja',
    detailHeading: 'Detalle de la queja',
    detailLoadFailedTitle: 'No pudimos cargar la queja',
    detailLoadFailedText: 'Revise su conexión e inténtelo de nuevo.',
    detailRefusedTitle: 'No es posible mostrar la queja',
    notFoundTitle: 'No encontramos esta queja',
    notFoundText: 'Puede que el enlace sea de otra cuenta o que la queja ya no exista. Revise sus quejas desde la lista.',
    invalidLinkTitle: 'Enlace no válido',
    invalidLinkText: 'A este enlace le falta el número de la queja o no es correcto. Ábrala otra vez desde su lista de quejas.',
    complaintNumber: 'Queja N.º {id}',
    typeLabel: 'Tipo de problema',
    subTypeLabel: 'Subtipo',
    contentLabel: 'Descripción del problema',
    counter: '{count}/{max}',
    counterLabel: '{count} de {max} caracteres',
    imagesLabel: 'Imágenes',
    viewImage: 'Ver imagen {index} de {total}',
    imageUnavailable: 'Imagen no disponible',

    // Support reply ("Custom" in the spec)
    replyTitle: 'Atención al cliente',
    replyImagesLabel: 'Imágenes de la respuesta',
    viewReplyImage: 'Ver imagen {index} de {total} de la respuesta',

    // Large image viewer
    viewerTitle: 'Imagen {index} de {total}',
    viewerAlt: 'Imagen {index} de {total}, ampliada',
    previousImage: 'Imagen anterior',
    nextImage: 'Imagen siguiente',

    // Score of the reply
    rateReply: 'Calificar la respuesta',
    scoreTitle: '¿Qué le pareció nuestra respuesta?',
    scoreText: 'Califique la atención que recibió. Su opinión nos ayuda a mejorar.',
    scoreGroupLabel: 'Calificación',
    scoreStar: '{count} de {max} estrellas',
    scoreRequired: 'Seleccione una calificación',
    scoreSend: 'Enviar',
    scoreSending: 'Enviando…',
    scoreLater: 'Ahora no',
    scoreThanks: '¡Gracias por su calificación!',
  },
  en: {
    loading: 'Loading…',
    retry: 'Try again',
    close: 'Close',
    backToList: 'See my complaints',

    listPageTitle: 'My complaints',
    listHeading: 'My complaints',
    listLoadFailedTitle: 'We could not load your complaints',
    listLoadFailedText: 'Check your connection and try again.',
    listRefusedTitle: 'Your complaints cannot be shown',
    itemNumber: 'No. {id}',
    emptyTabTitle: 'Nothing here',
    emptyTabText: 'You have no complaints in this section.',
    noComplaintsText: 'You have no complaints yet. If something went wrong, tell us.',
    fileComplaint: 'File a complaint',

    detailPageTitle: 'Complaint details',
    detailHeading: 'Complaint details',
    detailLoadFailedTitle: 'We could not load the complaint',
    detailLoadFailedText: 'Check your connection and try again.',
    detailRefusedTitle: 'This complaint cannot be shown',
    notFoundTitle: 'We could not find this complaint',
    notFoundText: 'The link may belong to another account, or the complaint no longer exists. Check your complaints in the list.',
    invalidLinkTitle: 'Invalid link',
    invalidLinkText: 'This link is missing the complaint number or it is not valid. Open the complaint again from your list.',
    complaintNumber: 'Complaint No. {id}',
    typeLabel: 'Question type',
    subTypeLabel: 'Sub-type',
    contentLabel: 'Problem description',
    counter: '{count}/{max}',
    counterLabel: '{count} of {max} characters',
    imagesLabel: 'Images',
    viewImage: 'View image {index} of {total}',
    imageUnavailable: 'Image not available',

    replyTitle: 'Custom',
    replyImagesLabel: 'Reply images',
    viewReplyImage: 'View reply image {index} of {total}',

    viewerTitle: 'Image {index} of {total}',
    viewerAlt: 'Image {index} of {total}, enlarged',
    previousImage: 'Previous image',
    nextImage: 'Next image',

    rateReply: 'Rate the reply',
    scoreTitle: 'How was our reply?',
    scoreText: 'Rate the support you received. Your feedback helps us improve.',
    scoreGroupLabel: 'Rating',
    scoreStar: '{count} of {max} stars',
    scoreRequired: 'Please select a rating',
    scoreSend: 'Send',
    scoreSending: 'Sending…',
    scoreLater: 'Not now',
    scoreThanks: 'Thank you for your rating!',
  },
});

export type ComplaintFollowUpMessageKey = keyof (typeof complaintFollowUpMessages)['es'];
