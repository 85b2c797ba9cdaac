import { defaultBrand } from '@presta/contract/brand';
import { markets, type MarketCode } from '@presta/contract/markets';
import type { LegalDocument, LegalLanguage } from './legal-document';

/**
 * The loan terms and conditions, written for this project from spec §1 and
 * §9 ("Loan terms text"). The India reading of the source (applicant of
 * Indian nationality with a permanent address in India, amounts in Rs.) is
 * kept as given, next to the privacy notice's Mexico reading
 * (docs/legal-texts.md): it is the Indian market's text (markets.ts
 * `legalTexts`), so its lender and contacts are the Indian market's.
 * Rendered by the marketing site's /Loan page.
 */
export const loanTermsMarket: MarketCode = 'IN';
const { brandName } = defaultBrand;
const { name: companyName, address: companyAddress } = markets[loanTermsMarket].legalEntity;
const { email: serviceEmail } = markets[loanTermsMarket].support;

const es: LegalDocument = {
  title: 'Términos y condiciones del préstamo',
  updated: 'Última actualización: 2026-11-22',
  intro: [
    `Estos términos rigen los préstamos que ${companyName} («${brandName}», el «Prestamista») otorga a través de su aplicación a la persona que los solicita (el «Prestatario»).`,
    'Léalos con atención antes de solicitar un préstamo: al enviar su solicitud usted los acepta. El contrato de préstamo y el pagaré que firme indican el monto, los intereses y la fecha de pago de su préstamo.',
  ],
  sections: [
    {
      heading: '1. Quién puede solicitar un préstamo',
      clauses: [
        {
          number: '1.1',
          paragraphs: ['Puede solicitar un préstamo la persona que cumpla todos estos requisitos:'],
          items: [
            'Ser persona física de nacionalidad india.',
            'Ser mayor de 18 años.',
            'Tener domicilio permanente en India.',
          ],
        },
      ],
    },
    {
      heading: '2. Solicitud, decisión y depósito',
      clauses: [
        {
          number: '2.1',
          paragraphs: ['La decisión sobre su solicitud se emite a más tardar 1 día después de la solicitud.'],
        },
        {
          number: '2.2',
          paragraphs: ['Para liberar los fondos, el Prestamista necesita:'],
          items: [
            'La solicitud firmada.',
            'Los datos de su cuenta bancaria.',
            'Una fotografía de usted con su documento de identidad.',
            'Su confirmación de la decisión y del pagaré.',
          ],
        },
        {
          number: '2.3',
          paragraphs: ['El monto aprobado se deposita en su cuenta dentro de 1 a 3 días naturales contados desde su aceptación.'],
        },
      ],
    },
    {
      heading: '3. Plazo del préstamo',
      clauses: [
        {
          number: '3.1',
          paragraphs: ['El plazo del préstamo es de 91 a 365 días naturales, según el producto que usted elija.'],
        },
      ],
    },
    {
      heading: '4. Incumplimiento y cargos por atraso',
      clauses: [
        {
          number: '4.1',
          paragraphs: [
            'Si no paga en la fecha de vencimiento, se cobra una pena única por incumplimiento de Rs.1,000 para clientes nuevos y de Rs.800 para clientes recurrentes.',
          ],
        },
        {
          number: '4.2',
          paragraphs: ['Además, se cobra un interés moratorio diario sobre el monto no pagado:'],
          items: [
            '5% por día, del día 1 al día 30 de atraso.',
            '4% por día, del día 31 al día 90 de atraso.',
            '2% por día, desde el día 91 hasta el pago total.',
          ],
        },
        {
          number: '4.3',
          paragraphs: ['Si existe una sentencia en su contra que no se pague en un plazo de diez días, se considera incumplimiento del préstamo.'],
        },
      ],
    },
    {
      heading: '5. Orden de aplicación de los pagos',
      clauses: [
        {
          number: '5.1',
          paragraphs: ['Los pagos recibidos después del vencimiento se aplican en este orden:'],
          items: [
            'Cargos previstos por la ley.',
            'Gastos de cobranza y ejecución.',
            'Cargos por atraso.',
            'Comisiones, intereses y capital, en ese orden.',
          ],
        },
      ],
    },
    {
      heading: '6. Pago anticipado',
      clauses: [
        {
          number: '6.1',
          paragraphs: [
            'Puede pagar su préstamo por anticipado solo cuando haya transcurrido al menos la mitad del plazo y no antes de 7 días naturales contados desde el desembolso.',
          ],
        },
      ],
    },
    {
      heading: '7. Extensión del plazo (prórroga)',
      clauses: [
        {
          number: '7.1',
          paragraphs: ['La extensión se otorga por un periodo igual al plazo original.'],
        },
        {
          number: '7.2',
          paragraphs: [
            'Puede solicitarla antes, en o después de la fecha de vencimiento, una vez que haya pagado todos los intereses vencidos y los cargos por incumplimiento.',
          ],
        },
      ],
    },
    {
      heading: '8. Obligaciones del Prestatario',
      clauses: [
        {
          number: '8.1',
          paragraphs: ['Usted debe avisarnos de cualquier cambio de nombre, fecha de nacimiento o domicilio dentro de los 3 días naturales siguientes al cambio.'],
        },
      ],
    },
    {
      heading: '9. Cesión del préstamo',
      clauses: [
        {
          number: '9.1',
          paragraphs: ['El Prestamista puede ceder el préstamo a un tercero, avisándole con 7 días hábiles de anticipación.'],
        },
      ],
    },
    {
      heading: '10. Comunicaciones',
      clauses: [
        {
          number: '10.1',
          paragraphs: [
            `Las comunicaciones se envían a los datos de contacto que usted registró. Puede escribirnos a ${serviceEmail} o a ${companyAddress}.`,
          ],
        },
        {
          number: '10.2',
          paragraphs: [
            'Una comunicación se tiene por recibida el segundo día hábil después de su envío si se envía por correo postal, y una hora después de su envío si se envía por correo electrónico.',
          ],
        },
      ],
    },
  ],
};

const en: LegalDocument = {
  title: 'Loan terms and conditions',
  updated: 'Last updated: 2026-11-22',
  intro: [
    `These terms govern the loans that ${companyName} ("${brandName}", the "Lender") grants through its app to the person who applies (the "Borrower").`,
    'Please read them carefully before applying: by sending your application you accept them. The loan agreement and the promissory note you sign state the amount, the interest and the repayment date of your loan.',
  ],
  sections: [
    {
      heading: '1. Who can apply',
      clauses: [
        {
          number: '1.1',
          paragraphs: ['You can apply for a loan if you meet all of these requirements:'],
          items: ['You are a natural person of Indian nationality.', 'You are over 18 years of age.', 'You have a permanent address in India.'],
        },
      ],
    },
    {
      heading: '2. Application, decision and payout',
      clauses: [
        {
          number: '2.1',
          paragraphs: ['The decision on your application is issued no later than 1 day after the application.'],
        },
        {
          number: '2.2',
          paragraphs: ['To release the funds, the Lender needs:'],
          items: [
            'The signed application.',
            'Your bank details.',
            'A photo of you with your identity document.',
            'Your confirmation of the decision and of the promissory note.',
          ],
        },
        {
          number: '2.3',
          paragraphs: ['The approved amount is credited to your account within 1 to 3 calendar days from your acceptance.'],
        },
      ],
    },
    {
      heading: '3. Loan term',
      clauses: [
        {
          number: '3.1',
          paragraphs: ['The loan term is 91 to 365 calendar days, depending on the product you choose.'],
        },
      ],
    },
    {
      heading: '4. Default and late charges',
      clauses: [
        {
          number: '4.1',
          paragraphs: ['If you do not pay by the maturity date, a one-off default penalty is charged: Rs.1,000 for new clients and Rs.800 for repeat clients.'],
        },
        {
          number: '4.2',
          paragraphs: ['Late interest is also charged each day on the unpaid amount:'],
          items: [
            '5% per day on days 1 to 30 of delay.',
            '4% per day on days 31 to 90 of delay.',
            '2% per day from day 91 until full repayment.',
          ],
        },
        {
          number: '4.3',
          paragraphs: ['A judgment against you that remains unpaid for ten days is a default under the loan.'],
        },
      ],
    },
    {
      heading: '5. Order in which payments are applied',
      clauses: [
        {
          number: '5.1',
          paragraphs: ['Payments received after maturity are applied in this order:'],
          items: ['Lawful charges.', 'Enforcement expenses.', 'Late fees.', 'Fees, interest and principal, in that order.'],
        },
      ],
    },
    {
      heading: '6. Prepayment',
      clauses: [
        {
          number: '6.1',
          paragraphs: ['You may repay early only after at least half the term has passed and not earlier than 7 calendar days after disbursal.'],
        },
      ],
    },
    {
      heading: '7. Extension (prolongation)',
      clauses: [
        {
          number: '7.1',
          paragraphs: ['An extension is granted for the same period as the original term.'],
        },
        {
          number: '7.2',
          paragraphs: ['You can ask for it before, on or after the maturity date, once all due interest and default charges are paid.'],
        },
      ],
    },
    {
      heading: '8. Your obligations',
      clauses: [
        {
          number: '8.1',
          paragraphs: ['You must tell us of any change of name, birth date or address within 3 calendar days of the change.'],
        },
      ],
    },
    {
      heading: '9. Assignment of the loan',
      clauses: [
        {
          number: '9.1',
          paragraphs: ['The Lender may assign the loan to a third party after giving you 7 business days\' notice.'],
        },
      ],
    },
    {
      heading: '10. Notices',
      clauses: [
        {
          number: '10.1',
          paragraphs: [`Notices are sent to the contact details you registered. You can write to us at ${serviceEmail} or at ${companyAddress}.`],
        },
        {
          number: '10.2',
          paragraphs: ['A notice is deemed received on the second business day after it is sent if posted, and one hour after sending if e-mailed.'],
        },
      ],
    },
  ],
};

export const loanTerms: Record<LegalLanguage, LegalDocument> = { es, en };
