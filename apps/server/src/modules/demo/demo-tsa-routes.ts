import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { LocalTimestampAuthority } from '../agreements/timestamp/local-authority';
import { TIMESTAMP_QUERY_TYPE, TIMESTAMP_REPLY_TYPE } from '../agreements/timestamp/tsp';

/*
 * The local time-stamp authority over HTTP (docs/providers/tsa.md "The local authority"), only with the demo tools:
 * POST /api/dev/tsa answers a DER TimeStampReq (application/timestamp-query) with a DER TimeStampResp
 * (application/timestamp-reply), as an RFC 3161 provider does. `openssl ts -query … | curl --data-binary` works
 * against it, and TSA_PROVIDER=rfc3161 with TSA_URL=<this server>/api/dev/tsa and TSA_CA_PEM=<dataDir>/tsa/root.pem
 * runs the production adapter against it.
 */

export const DEMO_TSA_PATH = '/api/dev/tsa';
const BODY_LIMIT = 16 * 1024;
const binary = { schema: { type: 'string', format: 'binary' } };

export default function demoTsaRoutes(app: FastifyInstance, opts: { config: Config }) {
  // The server's own authority when it is the local one (same keys either way: both read <dataDir>/tsa/).
  const authority = app.timestampAuthority instanceof LocalTimestampAuthority ? app.timestampAuthority : new LocalTimestampAuthority({ dataDir: opts.config.dataDir });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(TIMESTAMP_QUERY_TYPE, { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
  app.route({
    method: 'POST',
    url: DEMO_TSA_PATH,
    bodyLimit: BODY_LIMIT,
    config: {
      auth: 'public',
      rateLimit: { max: 600, timeWindow: '1 minute' },
      openapi: {
        description: 'The local time-stamp authority (RFC 3161 over HTTP, section 3.4): a refused request is still a 200 whose TimeStampResp says rejection. docs/providers/tsa.md.',
        body: { type: 'string', format: 'binary', description: 'A DER TimeStampReq' },
        consumes: [TIMESTAMP_QUERY_TYPE],
        responses: { 200: { description: 'A DER TimeStampResp: granted with its token, or a rejection with its reason.', content: { [TIMESTAMP_REPLY_TYPE]: binary } } },
      },
    },
    schema: { summary: "Demo only: the local time-stamp authority's answer to a TimeStampReq", tags: ['demo'] },
    handler: async (request, reply) => {
      const answer = await authority.answer(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
      return reply.type(TIMESTAMP_REPLY_TYPE).send(answer);
    },
  });
}
