import { defineCatalogue } from '@/shared/i18n/use-messages';

/** Strings shared by every page: loading, network and session failures, the failure and not-found pages. */
export const commonMessages = defineCatalogue({
  es: {
    loading: 'Cargando…',
    pageLoading: 'Cargando la página',
    networkOffline: 'Sin conexión a internet. Revise su conexión e inténtelo de nuevo.',
    networkError: 'No pudimos conectar con el servidor. Inténtelo de nuevo.',
    networkTimeout: 'El servidor tardó demasiado en responder. Inténtelo de nuevo.',
    serverError: 'Algo salió mal. Inténtelo de nuevo más tarde.',
    sessionExpired: 'Su sesión expiró. Vuelva a abrir la página desde la aplicación.',
    failureTitle: 'Fracaso',
    failureNotice:
      'Este servicio ofrece servicios profesionales y pago de préstamos. No pudimos verificar su sesión: cierre esta ventana y vuelva a entrar desde la aplicación.',
    close: 'Cerrar',
    back: 'Volver',
    retry: 'Reintentar',
    notFoundTitle: 'Página no encontrada',
    notFoundText: 'La dirección que abrió no existe o ya no está disponible.',
    routeErrorTitle: 'No se pudo cargar la página',
    routeErrorText: 'Revise su conexión e inténtelo de nuevo.',
  },
  en: {
    loading: 'Loading…',
    pageLoading: 'Loading the page',
    networkOffline: 'No internet connection. Check your connection and try again.',
    networkError: 'We could not reach the server. Please try again.',
    networkTimeout: 'The server took too long to answer. Please try again.',
    serverError: 'Something went wrong. Please try again later.',
    sessionExpired: 'Your session has expired. Open the page again from the app.',
    failureTitle: 'Failure',
    failureNotice:
      'This service offers professional services and loan payment. We could not verify your session: close this window and open it again from the app.',
    close: 'Close',
    back: 'Back',
    retry: 'Try again',
    notFoundTitle: 'Page not found',
    notFoundText: 'The address you opened does not exist or is no longer available.',
    routeErrorTitle: 'The page could not be loaded',
    routeErrorText: 'Check your connection and try again.',
  },
});
