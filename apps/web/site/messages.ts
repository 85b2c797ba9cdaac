/**
 * The marketing site's texts: Spanish (the default, "usted" per
 * docs/decisions/008-spanish-register.md) and English. The pages are rendered
 * from this catalogue at build time; the client scripts read the few texts
 * they need from data attributes of the HTML, so they carry no catalogue.
 * The legal pages' texts come from src/legal (privacyNotice, loanTerms).
 */
export type SiteLanguage = 'es' | 'en';

export type PageTexts = { title: string; description: string; heading: string };

export type SiteMessages = {
  /** BCP 47 tag for <html lang> and og:locale. */
  locale: string;
  ogLocale: string;
  /** Describes the social preview image (og:image:alt). */
  ogImageAlt: string;
  skipLink: string;
  navLabel: string;
  nav: { home: string; about: string; policy: string; loan: string; contact: string };
  /** Link to the same page in the other language. */
  otherLanguage: { label: string; name: string };
  /** Issue 16: the borrower's sign-in (/login), in the header's navigation. */
  signIn: string;
  pages: Record<'home' | 'about' | 'user' | 'contact' | 'policy' | 'loan', PageTexts>;
  home: {
    lead: string;
    privacySection: string;
    privacyFrameTitle: string;
    privacyFrameLink: string;
    /** Issue 13: the advertised price, with its CAT beside it. */
    exampleHeading: string;
    exampleText: string;
  };
  banner: {
    label: string;
    slides: { title: string; text: string }[];
    /** "{n} de {total}". */
    slideLabel: string;
    previous: string;
    next: string;
    pause: string;
    play: string;
    dotsLabel: string;
    /** "Ir a la diapositiva {n}". */
    goTo: string;
  };
  /** Issue 14: the app's store links, on the home page (#download) and in every footer. */
  download: { heading: string; text: string; appStore: string; googlePlay: string; footerLabel: string };
  about: { paragraphs: string[]; points: string[] };
  user: { text: string };
  contact: {
    intro: string;
    name: string;
    phone: string;
    email: string;
    remark: string;
    submit: string;
    incomplete: string;
    success: string;
  };
  footer: { label: string; phone: string; email: string; address: string; rights: string; markets: Record<'MX' | 'IN', string> };
};

const es: SiteMessages = {
  locale: 'es',
  ogLocale: 'es_MX',
  ogImageAlt: 'Logotipo de Presta sobre fondo rosa',
  skipLink: 'Saltar al contenido',
  navLabel: 'Principal',
  nav: {
    home: 'Inicio',
    about: 'Quiénes somos',
    policy: 'Aviso de privacidad',
    loan: 'Términos y condiciones del préstamo',
    contact: 'Contáctenos',
  },
  otherLanguage: { label: 'English', name: 'Read this page in English' },
  signIn: 'Iniciar sesión',
  pages: {
    home: {
      title: 'Presta: préstamos rápidos y considerados',
      description: 'Presta le ofrece préstamos personales rápidos, con condiciones claras y atención cercana. Conozca cómo funciona y contáctenos.',
      heading: 'Préstamos rápidos, pensados para usted',
    },
    about: {
      title: 'Quiénes somos | Presta',
      description: 'Conozca a Presta: un prestamista que le ofrece préstamos rápidos y considerados, con reglas claras desde el primer día.',
      heading: 'Quiénes somos',
    },
    user: {
      title: 'Usuario | Presta',
      description: 'Área de usuario de Presta.',
      heading: 'Usuario',
    },
    contact: {
      title: 'Contáctenos | Presta',
      description: 'Escríbanos: deje su nombre, teléfono, correo electrónico y comentario, y le responderemos pronto.',
      heading: 'Contáctenos',
    },
    policy: {
      title: 'Aviso de privacidad | Presta',
      description: 'Cómo trata Presta sus datos personales: datos recabados, verificación de identidad, ubicación, cámara, transferencias, derechos ARCO y cookies.',
      heading: 'Aviso de privacidad',
    },
    loan: {
      title: 'Términos y condiciones del préstamo | Presta',
      description: 'Los términos y condiciones de los préstamos de Presta: requisitos, plazos, intereses, pagos, prórrogas y penalizaciones.',
      heading: 'Términos y condiciones del préstamo',
    },
  },
  home: {
    lead: 'Solicite su préstamo desde su teléfono, reciba una respuesta en un día y pague a su ritmo.',
    privacySection: 'Aviso de privacidad',
    privacyFrameTitle: 'Aviso de privacidad de Presta',
    privacyFrameLink: 'Abrir el aviso de privacidad en una página',
    exampleHeading: 'Ejemplo representativo',
    exampleText:
      'Préstamo de {amount} a {days} días, en un pago: intereses de {interest} ({dailyRate} diario), comisión por apertura de {commission} ({commissionRate}) e IVA de {tax}; total a pagar {total}.',
  },
  banner: {
    label: 'Novedades',
    slides: [
      { title: 'Dinero cuando lo necesita', text: 'Solicite su préstamo en minutos, sin papeleo.' },
      { title: 'Respuesta en un día', text: 'Le decimos si su préstamo fue aprobado en un máximo de un día.' },
      { title: 'Condiciones claras', text: 'Conozca el monto, el plazo y el costo antes de aceptar.' },
    ],
    slideLabel: '{n} de {total}',
    previous: 'Diapositiva anterior',
    next: 'Diapositiva siguiente',
    pause: 'Pausar el carrusel',
    play: 'Reanudar el carrusel',
    dotsLabel: 'Elegir diapositiva',
    goTo: 'Ir a la diapositiva {n}',
  },
  download: {
    heading: 'Descargue la aplicación',
    text: 'Solicite su préstamo desde la aplicación Presta: regístrese con su número de teléfono y reciba una respuesta en un día.',
    appStore: 'Descargar en App Store',
    googlePlay: 'Descargar en Google Play',
    footerLabel: 'Descargue la aplicación',
  },
  about: {
    paragraphs: [
      'Bienvenido a Presta. Somos un prestamista que le ofrece préstamos considerados y rápidos: usted solicita desde su teléfono y recibe una respuesta en poco tiempo.',
      'Creemos que pedir un préstamo no debe ser complicado. Por eso le mostramos el monto, el plazo y el costo antes de que usted acepte, y le acompañamos hasta el último pago.',
    ],
    points: ['Solicitud en línea, sin filas', 'Decisión en un máximo de un día', 'Atención por teléfono, WhatsApp y correo electrónico'],
  },
  user: { text: 'Esta página no tiene contenido por ahora.' },
  contact: {
    intro: 'Déjenos sus datos y su comentario; le responderemos lo antes posible.',
    name: 'Nombre',
    phone: 'Teléfono',
    email: 'Correo electrónico',
    remark: 'Comentario',
    submit: 'Enviar',
    incomplete: '¡Proporcione la información completa!',
    success: '¡Enviado con éxito!',
  },
  footer: {
    label: 'Datos de la empresa',
    phone: 'Teléfono',
    email: 'Correo electrónico',
    address: 'Dirección',
    rights: 'Todos los derechos reservados.',
    markets: { MX: 'En México', IN: 'En India' },
  },
};

const en: SiteMessages = {
  locale: 'en',
  ogLocale: 'en_US',
  ogImageAlt: 'The Presta logo on a pink background',
  skipLink: 'Skip to content',
  navLabel: 'Main',
  nav: {
    home: 'Home',
    about: 'About us',
    policy: 'Privacy Policy',
    loan: 'Loan terms and conditions',
    contact: 'Contact us',
  },
  otherLanguage: { label: 'Español', name: 'Leer esta página en español' },
  signIn: 'Sign in',
  pages: {
    home: {
      title: 'Presta: fast, considerate loans',
      description: 'Presta offers fast personal loans with clear terms and friendly support. See how it works and get in touch.',
      heading: 'Fast loans, made with you in mind',
    },
    about: {
      title: 'About us | Presta',
      description: 'Meet Presta: a lender offering fast, considerate loans, with clear rules from day one.',
      heading: 'About us',
    },
    user: {
      title: 'User | Presta',
      description: 'Presta user area.',
      heading: 'User',
    },
    contact: {
      title: 'Contact us | Presta',
      description: 'Write to us: leave your name, telephone, e-mail and remark, and we will get back to you soon.',
      heading: 'Contact us',
    },
    policy: {
      title: 'Privacy Policy | Presta',
      description: 'How Presta handles your personal data: data collected, identity check, location, camera, transfers, ARCO rights and cookies.',
      heading: 'Privacy Policy',
    },
    loan: {
      title: 'Loan terms and conditions | Presta',
      description: "The terms and conditions of Presta's loans: eligibility, terms, interest, payments, extensions and penalties.",
      heading: 'Loan terms and conditions',
    },
  },
  home: {
    lead: 'Apply for your loan from your phone, get an answer within a day and repay at your pace.',
    privacySection: 'Privacy Policy',
    privacyFrameTitle: 'Presta privacy notice',
    privacyFrameLink: 'Open the privacy notice in a page',
    exampleHeading: 'Representative example',
    exampleText:
      'A loan of {amount} over {days} days, repaid in one payment: interest of {interest} ({dailyRate} a day), an opening commission of {commission} ({commissionRate}) and VAT (IVA) of {tax}; total to pay {total}.',
  },
  banner: {
    label: 'Highlights',
    slides: [
      { title: 'Money when you need it', text: 'Apply for your loan in minutes, with no paperwork.' },
      { title: 'An answer within a day', text: 'We tell you whether your loan is approved within one day at most.' },
      { title: 'Clear terms', text: 'See the amount, the term and the cost before you accept.' },
    ],
    slideLabel: '{n} of {total}',
    previous: 'Previous slide',
    next: 'Next slide',
    pause: 'Pause the carousel',
    play: 'Resume the carousel',
    dotsLabel: 'Choose a slide',
    goTo: 'Go to slide {n}',
  },
  download: {
    heading: 'Download the app',
    text: 'Apply for your loan in the Presta app: sign up with your phone number and get an answer within a day.',
    appStore: 'Download on the App Store',
    googlePlay: 'Get it on Google Play',
    footerLabel: 'Get the app',
  },
  about: {
    paragraphs: [
      'Welcome to Presta. We are a lender offering considerate, fast loans: you apply from your phone and get an answer quickly.',
      'We believe borrowing should not be complicated. That is why we show you the amount, the term and the cost before you accept, and we stay with you until the last payment.',
    ],
    points: ['Apply online, no queues', 'A decision within one day at most', 'Support by phone, WhatsApp and e-mail'],
  },
  user: { text: 'This page has no content yet.' },
  contact: {
    intro: 'Leave us your details and your remark; we will answer as soon as possible.',
    name: 'Name',
    phone: 'Telephone',
    email: 'E-mail',
    remark: 'Remark',
    submit: 'Submit',
    incomplete: 'Please provide complete information!',
    success: 'Successful!',
  },
  footer: {
    label: 'Company details',
    phone: 'Telephone',
    email: 'E-mail',
    address: 'Address',
    rights: 'All rights reserved.',
    markets: { MX: 'In Mexico', IN: 'In India' },
  },
};

export const siteMessages: Record<SiteLanguage, SiteMessages> = { es, en };

/** Replaces {name} placeholders. */
export function format(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
