import type { FastifyInstance } from 'fastify';
import {
  applicationAddress,
  applicationConsentCode,
  applicationConsents,
  applicationIdentity,
  applicationSubmit,
  applicationWork,
  creditApplication,
} from '@presta/contract/api/application';
import { errorCodes } from '@presta/contract/error-codes';
import type { Config } from '../../config';
import { registerEndpoint } from '../../lib/endpoint-route';
import { borrowerContext } from '../../plugins/app/repositories';
import { sessionDeviceLabel } from '../session/session-device';
import { deliverQueuedSms } from '../sms/sms-delivery';
import { createSmsProvider, type SmsProvider } from '../sms/sms-provider';
import { createKycProvider, type KycProvider } from './kyc/kyc-provider';
import { getApplication, saveAddress, saveIdentity, saveWork, sendConsentCode, signConsents, submitApplication } from './application-service';

/** Reads. */
const readLimit = { max: 60, timeWindow: '1 minute' };
/** Step saves: the pages save as the borrower types (final=0), so these are generous. */
const saveLimit = { max: 120, timeWindow: '1 minute' };
/** The consent code and its signing: as the bank account's change. */
const codeLimit = { max: 10, timeWindow: '1 minute' };
/** Submit: a borrower submits once, again after a return. */
const submitLimit = { max: 10, timeWindow: '10 minutes' };

/**
 * The borrower's credit application (issue 34, docs/application.md): read, the steps' saves, the consents' code and
 * signing, submit. The document upload and image are application-documents' routes. Borrower calls only; every
 * call works on the session's borrower's own application.
 */
export default function applicationRoutes(app: FastifyInstance, opts: { config: Config; sms?: SmsProvider; kyc?: KycProvider }) {
  const sms = opts.sms ?? createSmsProvider(opts.config, app.log);
  const kyc = opts.kyc ?? createKycProvider(opts.config, app.log);
  // The pages post these calls with the form client (§7): a JSON or text body is refused with 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  const common = { auth: 'borrower' as const, tags: ['application'] };
  const stepRefusals = { 400: [errorCodes.badRequest], 409: [errorCodes.applicationClosed] };

  registerEndpoint(app, creditApplication, {
    ...common,
    rateLimit: readLimit,
    handler: async (_input, request) => getApplication(borrowerContext(app, request)),
  });

  registerEndpoint(app, applicationIdentity, {
    ...common,
    rateLimit: saveLimit,
    refusals: { ...stepRefusals, 503: [errorCodes.serviceUnavailable] },
    handler: async (input, request) => saveIdentity(borrowerContext(app, request), input, { kyc }),
  });

  registerEndpoint(app, applicationAddress, {
    ...common,
    rateLimit: saveLimit,
    refusals: stepRefusals,
    handler: async (input, request) => saveAddress(borrowerContext(app, request), input),
  });

  registerEndpoint(app, applicationWork, {
    ...common,
    rateLimit: saveLimit,
    refusals: stepRefusals,
    handler: async (input, request) => saveWork(borrowerContext(app, request), input),
  });

  registerEndpoint(app, applicationConsentCode, {
    ...common,
    rateLimit: codeLimit,
    refusals: { ...stepRefusals, 429: [errorCodes.rateLimited] },
    handler: async (_input, request) => {
      const { data, outboxId } = await sendConsentCode(borrowerContext(app, request), request.ip);
      // After the commit: the code is stored and queued whatever the gateway does (the retry job sends it otherwise).
      if (outboxId !== undefined) await deliverQueuedSms(app.db, sms, [outboxId], request.log);
      return data;
    },
  });

  registerEndpoint(app, applicationConsents, {
    ...common,
    rateLimit: codeLimit,
    refusals: { 400: [errorCodes.badRequest, errorCodes.smsCodeWrong], 409: [errorCodes.applicationClosed, errorCodes.consentTextChanged] },
    handler: async (input, request) => {
      const device = await sessionDeviceLabel(app.db, request.borrowerSession.idHash);
      return signConsents(borrowerContext(app, request), input, { clientIp: request.ip, device });
    },
  });

  registerEndpoint(app, applicationSubmit, {
    ...common,
    rateLimit: submitLimit,
    refusals: stepRefusals,
    handler: async (_input, request) => {
      const { answer, outboxId } = await submitApplication(borrowerContext(app, request), { schema: opts.config.jobsSchema });
      if (outboxId !== undefined) await deliverQueuedSms(app.db, sms, [outboxId], request.log);
      return answer;
    },
  });
}
