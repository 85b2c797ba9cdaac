import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { CONSOLE_AGREEMENT_PACKAGE_PATH, CONSOLE_AGREEMENT_PDF_PATH, consoleAgreement } from '@presta/contract/api/console/agreements';
import { orderNoField } from '@presta/contract/api/console/fields';
import { errorCodes } from '@presta/contract/error-codes';
import type { ResponseDoc } from '../../lib/openapi-document';
import { registerEndpoint } from '../../lib/endpoint-route';
import { agreementPdf, agreementView, evidencePackage, zipEvidence, type EvidenceContext } from '../agreements/agreement-evidence';
import { staffCall } from '../staff/staff-call';

/**
 * The back office's signed agreements (issue 38; docs/back-office.md "Agreements"): a loan's agreement with its
 * evidence and verification (agreements.read), the signed PDF and the evidence package (agreements.export). Each
 * view and each download is written in the audit trail (agreement-evidence.ts).
 */
export default function consoleAgreementRoutes(app: FastifyInstance) {
  const evidence = (): EvidenceContext => ({ db: app.db, authority: app.timestampAuthority });

  registerEndpoint(app, consoleAgreement, {
    ...staffCall('agreements.read'),
    handler: async (input, request) => ({ agreement: await agreementView(evidence(), input.orderNo, request.staff.actor) }),
  });

  const download = (summary: string, contentType: string) => ({
    config: { ...staffCall('agreements.export'), openapi: { refusals: { 404: [errorCodes.notFound] }, responses: { 200: fileAnswer(contentType) } } },
    schema: { summary, tags: ['back office'], querystring: z.object({ orderNo: orderNoField }) },
  });

  app.get(CONSOLE_AGREEMENT_PDF_PATH, download('Back office: the signed PDF of a loan’s agreement, as the borrower signed it (each download is written in the audit trail)', 'application/pdf'), async (request, reply) => {
    const { orderNo } = request.query as { orderNo: string };
    const { documentNo, pdf } = await agreementPdf(evidence(), orderNo, request.staff.actor);
    return sendFile(reply, pdf, { contentType: 'application/pdf', disposition: `inline; filename="${documentNo}.pdf"` });
  });

  app.get(
    CONSOLE_AGREEMENT_PACKAGE_PATH,
    download('Back office: a loan’s agreement evidence package, a zip of agreement.pdf, agreement.tsr, evidence.json and tsa.pem (each export is written in the audit trail)', 'application/zip'),
    async (request, reply) => {
      const { orderNo } = request.query as { orderNo: string };
      const pkg = await evidencePackage(evidence(), orderNo, request.staff.actor);
      return sendFile(reply, Buffer.from(zipEvidence(pkg)), { contentType: 'application/zip', disposition: `attachment; filename="agreement-${pkg.orderNo}.zip"` });
    },
  );
}

const fileAnswer = (contentType: string): ResponseDoc => ({
  description: contentType === 'application/pdf' ? 'The PDF’s bytes as signed.' : 'The evidence package (zip).',
  content: { [contentType]: { schema: { type: 'string', format: 'binary' } } },
});

/** A file of the agreement: its type, never sniffed, kept by no cache (it holds the borrower's data). */
function sendFile(reply: FastifyReply, bytes: Buffer, { contentType, disposition }: { contentType: string; disposition: string }) {
  return reply
    .headers({ 'content-type': contentType, 'content-disposition': disposition, 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' })
    .send(bytes);
}
