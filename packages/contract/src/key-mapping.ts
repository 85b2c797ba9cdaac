/**
 * The obfuscating key mapping (§3, §7): readable payload and response keys →
 * scrambled keys. Requests are accepted with either key; a brand with
 * `obfuscateKeys` answers with the scrambled keys; the client reads either.
 * Keys not listed travel as they are.
 */
export const keyMapping = {
  // identifiers and common
  productId: 'pdq',
  orderId: 'odx',
  orderNo: 'onr',
  amount: 'amq',
  periods: 'prz',
  termUnit: 'tmu',
  isType: 'itp',
  score: 'scv',
  // confirmation
  firstPayTime: 'fpt',
  isNeedPop: 'inp',
  sendSms: 'ssm',
  details: 'dtl',
  repay_plans: 'rpl',
  title: 'ttl',
  description: 'dsc',
  pay_time: 'pyt',
  loanRate: 'lrt',
  ratemsg: 'rmg',
  amountDec: 'amd',
  isNewContract: 'inc',
  messageType: 'mgt',
  comProductLogo: 'cpl',
  comProductName: 'cpn',
  couNum: 'cnm',
  lendDetailsUrl: 'ldu',
  // loan details
  orderStatus: 'ost',
  noticeStatusText: 'nst',
  noticeDesText: 'ndt',
  productName: 'pnm',
  productLogo: 'plg',
  userOrderDetail: 'uod',
  detail: 'dtx',
  text: 'txt',
  value: 'vlu',
  inside: 'isd',
  isScore: 'iss',
  h5Url: 'hul',
  isDelay: 'idl',
  // repayment
  repayAmount: 'ram',
  repayDate: 'rdt',
  repayList: 'rls',
  reviewer: 'rvw',
  list: 'lst',
  noticeMsg: 'nmg',
  payCode: 'pcd',
  logo: 'lgo',
  desc: 'dsx',
  vCode: 'vcd',
  BARcodeImg: 'bci',
  delayInfo: 'dli',
  delayAmount: 'dla',
  delayTime: 'dlt',
  repayPlan: 'rpn',
  remark: 'rmk',
  time: 'tme',
  note: 'nte',
  requestType: 'rqt',
} as const;

export type KeyMapping = Record<string, string>;

function invert(mapping: KeyMapping): KeyMapping {
  return Object.fromEntries(Object.entries(mapping).map(([k, v]) => [v, k]));
}

const scrambledToReadable = invert(keyMapping);

/** True when nothing in this object (at any depth) needs renaming: it is returned as it is. */
function untouched(value: Record<string, unknown>, table: KeyMapping): boolean {
  for (const key in value) {
    if (Object.hasOwn(table, key)) return false;
    const v = value[key];
    if (v !== null && typeof v === 'object') return false;
  }
  return true;
}

function renameDeep(value: unknown, table: KeyMapping): unknown {
  if (Array.isArray(value)) return value.map((v) => renameDeep(v, table));
  if (value === null || typeof value !== 'object') return value;
  if (untouched(value as Record<string, unknown>, table)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const renamed = Object.hasOwn(table, key) ? table[key]! : key;
    // A readable key present next to its scrambled twin wins: never overwrite it.
    if (Object.hasOwn(out, renamed) && renamed !== key) continue;
    out[renamed] = renameDeep(v, table);
  }
  return out;
}

/** Readable keys → scrambled keys, deeply (for answers of an obfuscating brand). */
export function scrambleKeys<T>(value: T, mapping: KeyMapping = keyMapping): unknown {
  return renameDeep(value, mapping);
}

/** Scrambled keys → readable keys, deeply; readable keys stay as they are. */
export function unscrambleKeys<T = unknown>(value: unknown, mapping: KeyMapping = keyMapping): T {
  const table = mapping === keyMapping ? scrambledToReadable : invert(mapping);
  return renameDeep(value, table) as T;
}
