import type { products } from './schema';

type NewProduct = typeof products.$inferInsert;

/**
 * The lender's products. Both market readings of the material are kept (§1):
 * a Mexican product (pesos, the agreement's 18% a year and 3% daily overdue
 * fine) and an Indian product (rupees, the loan terms' 91–365 day term and
 * tiered late interest).
 */
export const productCatalogue: NewProduct[] = [
  {
    code: 'presta-mx',
    name: 'Presta Quincenal',
    logoUrl: '/assets/logos/presta-mx.svg',
    market: 'MX',
    currency: 'MXN',
    timeZone: 'America/Mexico_City',
    amountMin: 100_000, // $1.000,00
    amountMax: 2_000_000, // $20.000,00
    amountStep: 50_000, // $500,00
    periodsMin: 1,
    periodsMax: 6,
    termUnitDays: 15,
    dailyRatePpm: 500, // 0,05% a day ≈ 18% a year (agreement: annual rate 18%)
    commissionPpm: 50_000, // 5% of the principal
    vatPpm: 160_000, // IVA 16% of interest + commission (and of the extension fee): markets.MX.tax
    lateRule: 'mx_daily_fine',
  },
  {
    code: 'presta-in',
    name: 'Presta Flex',
    logoUrl: '/assets/logos/presta-in.svg',
    market: 'IN',
    currency: 'INR',
    timeZone: 'Asia/Kolkata',
    amountMin: 500_000, // ₹5,000.00
    amountMax: 10_000_000, // ₹1,00,000.00
    amountStep: 100_000, // ₹1,000.00
    periodsMin: 1,
    periodsMax: 4,
    termUnitDays: 91, // loan terms: 91 to 365 calendar days
    dailyRatePpm: 1_000, // 0,10% a day
    commissionPpm: 30_000, // 3% processing fee
    vatPpm: 180_000, // GST 18% of the processing fee only (decision 014): markets.IN.tax
    lateRule: 'in_tiered',
  },
];
