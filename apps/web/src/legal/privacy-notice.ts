import { defaultBrand } from '@presta/contract/brand';
import { markets, type MarketCode } from '@presta/contract/markets';
import type { LegalDocument, LegalLanguage } from './legal-document';

/**
 * The privacy notice (aviso de privacidad), written for this project from
 * spec §1, §2 and §9: the Mexican data-protection reading (loans for users in
 * Mexico only) is kept as given. Rendered by /PrivacyPolicy and by the
 * marketing site's /Policy page and privacy frame (docs/legal-texts.md).
 */
/** The Mexican market's text (markets.ts `legalTexts`): Mexican data-protection law, Mexico's lender and contacts. */
export const privacyNoticeMarket: MarketCode = 'MX';
const { brandName } = defaultBrand;
const { name: companyName, address: companyAddress } = markets[privacyNoticeMarket].legalEntity;
const { email: serviceEmail } = markets[privacyNoticeMarket].support;

const es: LegalDocument = {
  title: 'Aviso de privacidad',
  updated: 'Última actualización: 2026-11-22',
  intro: [
    `${companyName} («${brandName}», «nosotros») es responsable del tratamiento de los datos personales que usted nos proporciona al usar la aplicación y el sitio de ${brandName}, conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares y su Reglamento.`,
    'Lea este aviso con atención. Al registrarse o solicitar un préstamo, usted acepta el tratamiento de sus datos en los términos aquí descritos.',
  ],
  sections: [
    {
      heading: '1. Responsable y alcance',
      clauses: [
        {
          number: '1.1',
          paragraphs: [`El responsable es ${companyName}, con domicilio en ${companyAddress}. Puede escribirnos a ${serviceEmail}.`],
        },
        {
          number: '1.2',
          paragraphs: [
            'Nuestros préstamos se ofrecen únicamente a usuarios que se encuentran en México. Este aviso se rige por la legislación mexicana de protección de datos personales.',
          ],
        },
      ],
    },
    {
      heading: '2. Datos personales que recabamos',
      clauses: [
        {
          number: '2.1',
          paragraphs: ['Para evaluar y administrar su préstamo recabamos los siguientes datos:'],
          items: [
            'Datos de identificación: nombre, fecha de nacimiento, domicilio, CURP y la fotografía de su identificación oficial.',
            'Datos de contacto: número de teléfono celular y correo electrónico.',
            'Datos laborales y financieros: ingresos, ocupación y los datos de la cuenta bancaria donde recibirá el préstamo.',
            'Datos del dispositivo: modelo, sistema operativo e identificadores de la aplicación.',
          ],
        },
        {
          number: '2.2',
          paragraphs: ['Usamos sus datos para verificar su identidad, evaluar su solicitud, depositar y cobrar el préstamo, atenderle y cumplir nuestras obligaciones legales.'],
        },
      ],
    },
    {
      heading: '3. Fotografía del rostro (selfie)',
      clauses: [
        {
          number: '3.1',
          paragraphs: [
            'Le pedimos una fotografía de su rostro (selfie) que comparamos con la fotografía de su identificación oficial, con el único fin de confirmar que usted es el titular de la identificación y evitar fraudes.',
          ],
        },
        {
          number: '3.2',
          paragraphs: ['Los datos de su rostro se eliminan en un plazo de 30 días a partir de la comparación y no se usan para ningún otro fin.'],
        },
      ],
    },
    {
      heading: '4. Ubicación y cámara',
      clauses: [
        {
          number: '4.1',
          paragraphs: [
            'Ubicación: con su permiso, consultamos la ubicación de su dispositivo al solicitar un préstamo, para confirmar que se encuentra en México y prevenir fraudes. Puede retirar el permiso en la configuración de su dispositivo.',
          ],
        },
        {
          number: '4.2',
          paragraphs: [
            'Cámara: con su permiso, usamos la cámara solo para tomar la fotografía de su identificación y su selfie. No accedemos a otras fotografías de su dispositivo.',
          ],
        },
      ],
    },
    {
      heading: '5. Transferencias de datos',
      clauses: [
        {
          number: '5.1',
          paragraphs: ['Podemos transferir sus datos, sin requerir su consentimiento cuando la ley lo permite, a:'],
          items: [
            'Sociedades de información crediticia, para consultar y reportar su historial.',
            'Bancos y procesadores de pago, para depositar el préstamo y recibir sus pagos.',
            'Proveedores de verificación de identidad, para la comparación de su selfie con su identificación.',
            'Autoridades competentes, cuando una ley o una orden lo exija.',
          ],
        },
        {
          number: '5.2',
          paragraphs: ['No vendemos sus datos personales. Cualquier otra transferencia requerirá su consentimiento previo.'],
        },
      ],
    },
    {
      heading: '6. Derechos ARCO',
      clauses: [
        {
          number: '6.1',
          paragraphs: [
            `Usted puede Acceder a sus datos, Rectificarlos, Cancelarlos u Oponerse a su tratamiento (derechos ARCO), así como revocar su consentimiento, enviando una solicitud a ${serviceEmail} con su nombre, una copia de su identificación y la descripción de lo que solicita.`,
          ],
        },
        {
          number: '6.2',
          paragraphs: [
            'Le comunicaremos nuestra decisión en un plazo máximo de 20 días contados desde la recepción de su solicitud. Si procede, la haremos efectiva dentro de los 15 días hábiles siguientes a la comunicación de la decisión.',
          ],
        },
        {
          number: '6.3',
          paragraphs: [
            'Si su solicitud está incompleta, le pediremos que la corrija dentro de los 5 días hábiles siguientes a su recepción, y usted tendrá 10 días hábiles para enviar la información faltante; de lo contrario, la solicitud se tendrá por no presentada.',
          ],
        },
      ],
    },
    {
      heading: '7. Cookies',
      clauses: [
        {
          number: '7.1',
          paragraphs: [
            'Nuestro sitio y la aplicación usan cookies y almacenamiento local para mantener su sesión, recordar su idioma y medir el uso del servicio. Puede borrarlas o bloquearlas en su navegador; algunas funciones podrían dejar de estar disponibles.',
          ],
        },
      ],
    },
    {
      heading: '8. Cambios a este aviso',
      clauses: [
        {
          number: '8.1',
          paragraphs: ['Publicaremos cualquier cambio a este aviso en la aplicación y en nuestro sitio, con su fecha de actualización.'],
        },
      ],
    },
  ],
};

const en: LegalDocument = {
  title: 'Privacy notice',
  updated: 'Last updated: 2026-11-22',
  intro: [
    `${companyName} ("${brandName}", "we") is responsible for the personal data you give us when you use the ${brandName} app and website, under Mexico's Federal Law on the Protection of Personal Data Held by Private Parties and its Regulations.`,
    'Please read this notice carefully. By registering or applying for a loan, you accept the processing of your data as described here.',
  ],
  sections: [
    {
      heading: '1. Controller and scope',
      clauses: [
        {
          number: '1.1',
          paragraphs: [`The controller is ${companyName}, ${companyAddress}. You can write to us at ${serviceEmail}.`],
        },
        {
          number: '1.2',
          paragraphs: ['Our loans are offered only to users in Mexico. This notice is governed by Mexican data-protection law.'],
        },
      ],
    },
    {
      heading: '2. Personal data we collect',
      clauses: [
        {
          number: '2.1',
          paragraphs: ['To assess and manage your loan we collect:'],
          items: [
            'Identification data: name, date of birth, address, CURP and the photo of your official ID.',
            'Contact data: mobile phone number and e-mail address.',
            'Employment and financial data: income, occupation and the bank account where you receive the loan.',
            'Device data: model, operating system and app identifiers.',
          ],
        },
        {
          number: '2.2',
          paragraphs: ['We use your data to verify your identity, assess your application, pay out and collect the loan, serve you and meet our legal obligations.'],
        },
      ],
    },
    {
      heading: '3. Face photo (selfie)',
      clauses: [
        {
          number: '3.1',
          paragraphs: [
            'We ask for a photo of your face (selfie), which we compare with the photo on your official ID for the sole purpose of confirming that you are the holder of the ID and preventing fraud.',
          ],
        },
        {
          number: '3.2',
          paragraphs: ['Your face data is deleted within 30 days of the comparison and is not used for any other purpose.'],
        },
      ],
    },
    {
      heading: '4. Location and camera',
      clauses: [
        {
          number: '4.1',
          paragraphs: [
            'Location: with your permission, we read your device location when you apply for a loan, to confirm that you are in Mexico and to prevent fraud. You can withdraw the permission in your device settings.',
          ],
        },
        {
          number: '4.2',
          paragraphs: ['Camera: with your permission, we use the camera only to take the photo of your ID and your selfie. We do not access other photos on your device.'],
        },
      ],
    },
    {
      heading: '5. Data transfers',
      clauses: [
        {
          number: '5.1',
          paragraphs: ['We may transfer your data, without asking for your consent where the law allows it, to:'],
          items: [
            'Credit bureaus, to check and report your credit history.',
            'Banks and payment processors, to pay out the loan and receive your payments.',
            'Identity verification providers, to compare your selfie with your ID.',
            'Competent authorities, when a law or an order requires it.',
          ],
        },
        {
          number: '5.2',
          paragraphs: ['We do not sell your personal data. Any other transfer requires your prior consent.'],
        },
      ],
    },
    {
      heading: '6. ARCO rights',
      clauses: [
        {
          number: '6.1',
          paragraphs: [
            `You may Access your data, Rectify it, Cancel it or Oppose its processing (ARCO rights), and withdraw your consent, by sending a request to ${serviceEmail} with your name, a copy of your ID and a description of what you ask for.`,
          ],
        },
        {
          number: '6.2',
          paragraphs: [
            'We will tell you our decision within 20 days of receiving your request. If it is granted, we will put it into effect within 15 working days of telling you the decision.',
          ],
        },
        {
          number: '6.3',
          paragraphs: [
            'If your request is incomplete, we will ask you to fix it within 5 working days of receiving it, and you will have 10 working days to send the missing information; otherwise the request is treated as not filed.',
          ],
        },
      ],
    },
    {
      heading: '7. Cookies',
      clauses: [
        {
          number: '7.1',
          paragraphs: [
            'Our website and app use cookies and local storage to keep you signed in, remember your language and measure how the service is used. You can delete or block them in your browser; some features may then stop working.',
          ],
        },
      ],
    },
    {
      heading: '8. Changes to this notice',
      clauses: [
        {
          number: '8.1',
          paragraphs: ['We will publish any change to this notice in the app and on our website, with its update date.'],
        },
      ],
    },
  ],
};

export const privacyNotice: Record<LegalLanguage, LegalDocument> = { es, en };
