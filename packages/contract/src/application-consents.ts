import type { ConsentKind } from './application-rules';
import type { Language } from './language';
import { markets, type MarketCode } from './markets';

/*
 * The texts the applicant consents to (issue 34, docs/application.md "Consents"). Each has a version: the page
 * shows the text and sends its version back, the server records the version with the time, address and device,
 * and refuses a version that is no longer current (the borrower reads the new text). A change of wording is a new
 * version, never an edit of an old one: what a borrower agreed to stays readable. {lender} is the market's legal entity.
 */

export type ConsentText = { version: string; title: string; text: string };

type Texts = Record<MarketCode, Record<ConsentKind, { version: string } & Record<Language, { title: string; text: string }>>>;

const texts: Texts = {
  MX: {
    bureau: {
      version: 'MX-bureau-2026-11',
      es: {
        title: 'Autorización para consultar su historial crediticio',
        text: 'Autorizo expresamente a {lender} para que lleve a cabo investigaciones sobre mi comportamiento crediticio en las sociedades de información crediticia que estime conveniente. Conozco la naturaleza y el alcance de la información que se solicitará, el uso que se le dará y que se podrán realizar consultas periódicas de mi historial crediticio. Esta autorización tiene una vigencia de tres años a partir de hoy y, en su caso, mientras mantengamos una relación jurídica.',
      },
      en: {
        title: 'Authorisation to consult your credit history',
        text: 'I expressly authorise {lender} to investigate my credit behaviour with the credit information companies it sees fit. I know the nature and scope of the information that will be requested, the use that will be made of it and that my credit history may be consulted periodically. This authorisation is valid for three years from today and, where applicable, for as long as we keep a legal relationship.',
      },
    },
    privacy: {
      version: 'MX-privacy-2026-11',
      es: {
        title: 'Aviso de privacidad',
        text: 'He leído el aviso de privacidad integral y acepto el tratamiento de mis datos personales, incluidos los de identificación, los de mi documento de identidad y mi fotografía, para verificar mi identidad y evaluar mi solicitud.',
      },
      en: {
        title: 'Privacy notice',
        text: 'I have read the full privacy notice and accept the processing of my personal data, including my identification data, those of my identity document and my photograph, to verify my identity and assess my application.',
      },
    },
    data_use: {
      version: 'MX-data-use-2026-11',
      es: {
        title: 'Uso de datos y medios electrónicos',
        text: 'Acepto que mis datos se comparen con los registros de RENAPO y del INE a través de un proveedor de verificación, y que mi solicitud, mis consentimientos y los documentos de mi crédito se firmen y conserven por medios electrónicos.',
      },
      en: {
        title: 'Use of data and electronic means',
        text: 'I accept that my data is compared with the RENAPO and INE records through a verification provider, and that my application, my consents and the documents of my loan are signed and kept by electronic means.',
      },
    },
  },
  IN: {
    bureau: {
      version: 'IN-bureau-2026-11',
      es: {
        title: 'Consentimiento para obtener su información crediticia',
        text: 'Autorizo a {lender} a obtener mi información crediticia de las compañías de información crediticia (CIBIL, Experian, CRIF High Mark y Equifax) para evaluar esta solicitud y, mientras tenga un préstamo con ella, para revisarlo y reportarlo.',
      },
      en: {
        title: 'Consent to fetch your credit information',
        text: 'I authorise {lender} to fetch my credit information from the credit information companies (CIBIL, Experian, CRIF High Mark and Equifax) to assess this application and, while I hold a loan with it, to review and report it.',
      },
    },
    privacy: {
      version: 'IN-privacy-2026-11',
      es: {
        title: 'Aviso de privacidad',
        text: 'He leído el aviso de privacidad y acepto el tratamiento de mis datos personales, incluidos mi PAN, los últimos cuatro dígitos de mi Aadhaar y mi fotografía, para verificar mi identidad y evaluar mi solicitud. Mis datos se guardan en la India.',
      },
      en: {
        title: 'Privacy notice',
        text: 'I have read the privacy notice and accept the processing of my personal data, including my PAN, the last four digits of my Aadhaar and my photograph, to verify my identity and assess my application. My data is stored in India.',
      },
    },
    data_use: {
      version: 'IN-data-use-2026-11',
      es: {
        title: 'Verificación de Aadhaar y PAN',
        text: 'Doy mi consentimiento para que mi número de Aadhaar se use una sola vez para verificar mi identidad con la UIDAI a través de un agente autorizado, sin que se guarde el número completo, y para que mi PAN se verifique con el departamento de impuestos.',
      },
      en: {
        title: 'Aadhaar and PAN verification',
        text: 'I consent to my Aadhaar number being used once to verify my identity with UIDAI through a licensed agency, without the full number being kept, and to my PAN being verified with the income tax department.',
      },
    },
  },
};

/** The current text of a consent, for the market's applicant in their language. */
export function consentText(market: MarketCode, kind: ConsentKind, language: Language): ConsentText {
  const entry = texts[market][kind];
  const { title, text } = entry[language];
  return { version: entry.version, title, text: text.replaceAll('{lender}', markets[market].legalEntity.name) };
}

/** The current version of a consent's text in a market. */
export function consentVersion(market: MarketCode, kind: ConsentKind): string {
  return texts[market][kind].version;
}
