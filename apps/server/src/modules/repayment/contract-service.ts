import { and, asc, eq, sql } from 'drizzle-orm';
import type { Brand } from '@presta/contract/brand';
import type { ContractData } from '@presta/contract/api/loan';
import { languages, type Language } from '@presta/contract/language';
import { formatMoney, type Minor } from '@presta/contract/money';
import type { Db } from '../../db/database';
import { borrowers, orders, products, repaymentPlans } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { maskBankAccount } from '../loan/loan-service';

/**
 * The promissory note of one of the borrower's orders (§3 "Loan contract",
 * §2 "Loan agreement"), by order number; 404 orderNotFound for unknown and
 * foreign numbers alike. Field meanings (docs/api.md):
 * username = userName = the borrower's full name; mount = the principal as
 * display text, amount = the principal in minor units; bankNo = the masked
 * deposit account; daiDate = disbursal day ('' before disbursal); planDate =
 * the last instalment's current due date; contractAmount = total owed as
 * agreed (principal + interest + commission + VAT); Interest = interest as
 * charged (after any coupon); IVA = VAT; giveAmount = what the borrower
 * receives (the whole principal); contractDate = submission day; company =
 * the lender's company name. Money fields other than `amount` are display
 * strings in the language's currency.
 */
export async function getContractDetail(db: Db, brand: Brand, borrowerId: number, orderNoRaw: string, lang: Language): Promise<ContractData> {
  const orderNo = orderNoRaw.trim();
  const [order] = await db
    .select({
      id: orders.id,
      principal: orders.principal,
      disbursedOn: orders.disbursedOn,
      appliedOn: sql<string>`to_char(${orders.createdAt} at time zone ${products.timeZone}, 'YYYY-MM-DD')`,
      productName: products.name,
      fullName: borrowers.fullName,
      address: borrowers.address,
      bankAccount: borrowers.bankAccount,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(borrowers, eq(borrowers.id, orders.borrowerId))
    .where(and(eq(orders.orderNo, orderNo), eq(orders.borrowerId, borrowerId)))
    .limit(1);
  if (!order) throw notFound('orderNotFound');

  const plan = await db
    .select({
      dueDate: repaymentPlans.dueDate,
      principal: repaymentPlans.principal,
      interest: repaymentPlans.interest,
      commission: repaymentPlans.commission,
      vat: repaymentPlans.vat,
    })
    .from(repaymentPlans)
    .where(eq(repaymentPlans.orderId, order.id))
    .orderBy(asc(repaymentPlans.seq));

  const money = (m: Minor) => formatMoney(m, languages[lang].currencySign);
  const sum = (pick: (x: (typeof plan)[number]) => number) => plan.reduce((acc, x) => acc + pick(x), 0);
  const interest = sum((x) => x.interest);
  const commission = sum((x) => x.commission);
  const vat = sum((x) => x.vat);
  return {
    username: order.fullName,
    userName: order.fullName,
    productName: order.productName,
    mount: money(order.principal),
    amount: order.principal,
    bankNo: maskBankAccount(order.bankAccount),
    daiDate: order.disbursedOn ?? '',
    planDate: plan.at(-1)?.dueDate ?? '',
    contractAmount: money(order.principal + interest + commission + vat),
    commission: money(commission),
    Interest: money(interest),
    IVA: money(vat),
    giveAmount: money(order.principal),
    userAddress: order.address,
    contractDate: order.appliedOn,
    company: brand.companyName,
  };
}
