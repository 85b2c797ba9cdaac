/*
 * The banks a CLABE may name (its first 3 digits: the participant's code in the ABM / Banxico catalogue of SPEI
 * participants). A CLABE whose code is not here names no bank we can pay (decision 017 point 6). The list holds
 * the banks and the largest payment institutions borrowers hold accounts at; a participant added to SPEI is
 * added here.
 */
const banks: Record<string, string> = {
  '002': 'Banamex',
  '006': 'Bancomext',
  '009': 'Banobras',
  '012': 'BBVA México',
  '014': 'Santander',
  '019': 'Banjército',
  '021': 'HSBC',
  '030': 'BanBajío',
  '036': 'Inbursa',
  '042': 'Mifel',
  '044': 'Scotiabank',
  '058': 'Banregio',
  '059': 'Invex',
  '060': 'Bansi',
  '062': 'Afirme',
  '072': 'Banorte',
  '106': 'Bank of America',
  '108': 'MUFG',
  '110': 'J.P. Morgan',
  '112': 'Banco Monex',
  '113': 'Ve por Más',
  '127': 'Banco Azteca',
  '128': 'Autofin',
  '129': 'Barclays',
  '130': 'Compartamos',
  '132': 'Multiva',
  '133': 'Actinver',
  '135': 'Nafin',
  '136': 'Intercam Banco',
  '137': 'BanCoppel',
  '138': 'ABC Capital',
  '140': 'Consubanco',
  '141': 'Volkswagen Bank',
  '143': 'CIBanco',
  '145': 'Bbase',
  '147': 'Bankaool',
  '148': 'PagaTodo',
  '150': 'Inmobiliario Mexicano',
  '151': 'Donde',
  '152': 'Bancrea',
  '154': 'Banco Covalto',
  '155': 'ICBC',
  '156': 'Sabadell',
  '157': 'Shinhan',
  '158': 'Mizuho Bank',
  '159': 'Bank of China',
  '160': 'Banco S3',
  '166': 'Banco del Bienestar',
  '168': 'Hipotecaria Federal',
  '638': 'Nu México',
  '646': 'STP',
  '699': 'Fondeadora',
  '722': 'Mercado Pago',
  '723': 'Cuenca',
  '728': 'Spin by OXXO',
};

/** The bank a CLABE's 3-digit bank code names; undefined for a code of no known bank. */
export function mxBankName(bankCode: string): string | undefined {
  return Object.hasOwn(banks, bankCode) ? banks[bankCode] : undefined;
}
