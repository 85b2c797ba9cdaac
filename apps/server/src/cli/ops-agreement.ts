import { access, constants, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errorCodes } from '@presta/contract/error-codes';
import type { Db } from '../db/database';
import { AppError } from '../lib/app-error';
import type { AuditActor } from '../modules/audit/audit-log';
import { evidencePackage, type AgreementCheck } from '../modules/agreements/agreement-evidence';
import type { TimestampAuthority } from '../modules/agreements/timestamp/timestamp-authority';

/** Where a command prints. */
type Out = { out: (line: string) => void };

/** The check in a few words: the document's bytes, then the token's verdict. */
function verdict(check: AgreementCheck): string {
  const document = check.document.intact ? 'document intact' : `DOCUMENT CHANGED (SHA-256 now ${check.document.computedSha256})`;
  const t = check.timestamp;
  if (t === null) return `${document}; no time-stamp yet (pending)`;
  return t.valid ? `${document}; time-stamp valid (${t.stampedAt.toISOString()}, serial ${t.serialNumber})` : `${document}; TIME-STAMP INVALID: ${t.reason}`;
}

/** `out`, made if missing, and writable; else a refusal naming it. */
async function outputFolder(out: string): Promise<string> {
  const dir = path.resolve(out);
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch {
    throw new AppError(400, errorCodes.badRequest, 'opsAgreementOutUnwritable', { dir: out.slice(0, 200) });
  }
  return dir;
}

/**
 * agreement <orderNo> --out <dir>: the order's evidence package for an auditor (agreement.pdf, agreement.tsr once
 * stamped, evidence.json, tsa.pem) written into `dir` (made if missing; files of the same names replaced), recorded
 * as agreements.export by the member (via cli). One line: what was written and what the check said.
 */
export async function agreementCommand(
  db: Db,
  authority: () => TimestampAuthority,
  { orderNo, out, actor }: { orderNo: string; out: string; actor: AuditActor },
  io: Out,
): Promise<void> {
  const dir = await outputFolder(out);
  const pkg = await evidencePackage({ db, authority: authority() }, orderNo, actor);
  const names = Object.keys(pkg.files) as (keyof typeof pkg.files)[];
  for (const name of names) await writeFile(path.join(dir, name), pkg.files[name]!);
  io.out(`Agreement ${pkg.documentNo} of order ${pkg.orderNo}: ${names.join(', ')} written to ${dir}; ${verdict(pkg.check)}.`);
}
