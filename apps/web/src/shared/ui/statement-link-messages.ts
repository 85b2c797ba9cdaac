/** The words of the statement link (a plain catalogue, no imports: the e2e journeys read it too). */
const es = { viewStatement: 'Ver estado de cuenta' };
const en: Record<keyof typeof es, string> = { viewStatement: 'View statement' };

export const statementLinkMessages: { es: typeof es; en: typeof en } = { es, en };
