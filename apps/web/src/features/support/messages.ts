import { defineCatalogue } from '@/shared/i18n/use-messages';

/**
 * Every visible string of the customer service page (/customer-service and
 * /Dag) and the about us page (/about-us). Spanish (usted) is the default;
 * English has the same keys.
 */
export const supportMessages = defineCatalogue({
  es: {
    // Customer service
    servicePageTitle: 'Atención al cliente',
    serviceHeading: 'Atención al cliente',
    serviceIntro: '¿Tiene alguna duda sobre su préstamo? Estamos aquí para ayudarle. Elija cómo prefiere contactarnos.',
    contactsLabel: 'Medios de contacto',
    whatsappLabel: 'WhatsApp',
    whatsappAction: 'Chatear',
    telephoneLabel: 'Teléfono',
    telephoneAction: 'Llamar',
    emailLabel: 'Correo electrónico',
    emailAction: 'Escribir',
    noContactsTitle: 'Sin datos de contacto por ahora',
    noContactsText: 'Vuelva a intentarlo más tarde.',
    loading: 'Cargando…',
    loadFailedTitle: 'No pudimos cargar los datos de contacto',
    loadFailedText: 'Revise su conexión e inténtelo de nuevo.',
    retry: 'Reintentar',

    // About us
    aboutPageTitle: 'Sobre nosotros',
    aboutHeading: 'Sobre nosotros',
    aboutLogoAlt: 'Logotipo de {brand}',
    aboutWelcome:
      'Bienvenido a {brand}. Le ofrecemos préstamos rápidos y un servicio considerado: solicite en minutos desde su teléfono, conozca cada costo antes de aceptar y reciba su dinero sin complicaciones. Estamos con usted en cada paso.',
  },
  en: {
    servicePageTitle: 'Customer service',
    serviceHeading: 'Customer service',
    serviceIntro: 'Any questions about your loan? We are here to help. Choose how you would like to reach us.',
    contactsLabel: 'Ways to reach us',
    whatsappLabel: 'WhatsApp',
    whatsappAction: 'Chat',
    telephoneLabel: 'Telephone',
    telephoneAction: 'Call',
    emailLabel: 'E-mail',
    emailAction: 'Write',
    noContactsTitle: 'No contact details for now',
    noContactsText: 'Please try again later.',
    loading: 'Loading…',
    loadFailedTitle: 'We could not load the contact details',
    loadFailedText: 'Check your connection and try again.',
    retry: 'Try again',

    aboutPageTitle: 'About us',
    aboutHeading: 'About us',
    aboutLogoAlt: '{brand} logo',
    aboutWelcome:
      'Welcome to {brand}. We offer fast loans with considerate service: apply in minutes from your phone, see every cost before you accept and get your money without hassle. We are with you every step of the way.',
  },
});

export type SupportMessageKey = keyof (typeof supportMessages)['es'];
