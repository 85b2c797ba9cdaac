import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import { CHECKOUT_PATH_PREFIX } from '../modules/card-repayment/hosted-checkout';
import { censorHeaders, redactUrl, serializeError } from './log-redaction';

describe('redactUrl', () => {
  it('keeps the path and the allowlisted parameters (ids, page state), hides every other value', () => {
    expect(redactUrl('/v3/x?crp_phe=1.0&swift=abcdef&productId=3&eyes=ad-1')).toBe(
      '/v3/x?crp_phe=1.0&swift=[redacted]&productId=3&eyes=[redacted]',
    );
    expect(redactUrl('/a?sessionId=s&smsCode=123456&capcode=ab12&sid=9')).toBe(
      '/a?sessionId=[redacted]&smsCode=[redacted]&capcode=[redacted]&sid=[redacted]',
    );
    // What a deny-list missed: a phone, and any parameter nobody thought of.
    expect(redactUrl('/api/v2/youmi/promotion/track-click?page_id=1&utm_tag=spring&phone=13912345678')).toBe(
      '/api/v2/youmi/promotion/track-click?page_id=1&utm_tag=spring&phone=[redacted]',
    );
    expect(redactUrl('/a?notswift=1&showy=device-1&dearest=Ana%27s%20phone&token=t')).toBe(
      '/a?notswift=[redacted]&showy=[redacted]&dearest=[redacted]&token=[redacted]',
    );
    expect(redactUrl('/a?orderId=12&odx=13&orderNo=PR1&language=1&problemId=4')).toBe('/a?orderId=12&odx=13&orderNo=PR1&language=1&problemId=4');
    expect(redactUrl('/plain')).toBe('/plain');
    expect(redactUrl('/a?')).toBe('/a?');
  });

  it('judges a key by what it decodes to, and hides a key that is not a plain name', () => {
    // %73wift is swift; product%49d is productId (kept as sent).
    expect(redactUrl('/a?%73wift=abc&product%49d=7')).toBe('/a?swift=[redacted]&product%49d=7');
    // A phone or a token used as a key, with or without a value.
    expect(redactUrl('/a?13912345678&5512345678=1&a%00b=2')).toBe('/a?[redacted]&[redacted]=[redacted]&[redacted]=[redacted]');
    expect(redactUrl('/a?swift&productId')).toBe('/a?swift&productId');
    // Repeated and malformed parameters.
    expect(redactUrl('/a?swift=1&swift=2&%E0%A4%A=3&&')).toBe('/a?swift=[redacted]&swift=[redacted]&[redacted]=[redacted]&&');
  });

  it("hides the hosted checkout page's token in the path", () => {
    const token = '0123456789abcdef0123456789abcdef';
    expect(redactUrl(`${CHECKOUT_PATH_PREFIX}/${token}`)).toBe(`${CHECKOUT_PATH_PREFIX}/[redacted]`);
    expect(redactUrl(`${CHECKOUT_PATH_PREFIX}/${token}?language=1&swift=x`)).toBe(`${CHECKOUT_PATH_PREFIX}/[redacted]?language=1&swift=[redacted]`);
    expect(redactUrl('/api/payments/references/80000000000011/barcode.png?token=k')).toBe('/api/payments/references/80000000000011/barcode.png?token=[redacted]');
  });
});

describe('censorHeaders', () => {
  it('hides the secret headers at the top and one level down (the multipart plugin traces its headers), in any case', () => {
    const headers = { swift: 'session-1', Authorization: 'Bearer t', 'x-presta-signature': 'sig', 'content-type': 'multipart/form-data' };
    const busboyOptions = { headers, limits: { fileSize: 1 } };
    const line = { busboyOptions, headers, other: { headers: { cookie: 'presta_session=abc', eyes: 'ad-1', 'X-Operator-Token': 'op' } } };
    const out = censorHeaders(line);
    expect(out).toEqual({
      busboyOptions: {
        headers: { swift: '[redacted]', Authorization: '[redacted]', 'x-presta-signature': '[redacted]', 'content-type': 'multipart/form-data' },
        limits: { fileSize: 1 },
      },
      headers: { swift: '[redacted]', Authorization: '[redacted]', 'x-presta-signature': '[redacted]', 'content-type': 'multipart/form-data' },
      other: { headers: { cookie: '[redacted]', eyes: '[redacted]', 'X-Operator-Token': '[redacted]' } },
    });
    // Copies: the logged objects (the plugin's live options) are not changed.
    expect(headers.swift).toBe('session-1');
    expect(busboyOptions.headers).toBe(headers);
  });

  it('returns a line without secret headers as it is (the access line is not copied), and leaves req and err to their serializers', () => {
    const access = { req: { headers: { swift: 's' } }, statusCode: 200, responseTime: 1.5 };
    expect(censorHeaders(access)).toBe(access);
    const plain = { headers: { 'content-type': 'text/plain' }, list: [{ headers: { swift: 's' } }] };
    expect(censorHeaders(plain)).toBe(plain);
  });
});

/** A postgres.js error as the driver makes it (fields of PostgreSQL's ErrorResponse, and the query's values). */
function postgresError(message: string, fields: Record<string, unknown>): Error {
  const error = new Error(message);
  Object.defineProperty(error, 'name', { value: 'PostgresError' });
  Object.assign(error, { severity: 'ERROR', routine: '_bt_check_unique', ...fields });
  return error;
}

describe('identity fields in log objects (issue 34)', () => {
  it('hides CURP, RFC, PAN, Aadhaar, selfie and document values at the top and one level down, in any case', () => {
    const line = { msg: 'x', curp: 'LOHF920514MJCPRR00', kyc: { Aadhaar: '556384394239', pan: 'LVBPI1234C', check: 'pan' }, RFC: 'LOHF9205148M7' };
    const out = censorHeaders(line);
    expect(out).toEqual({ msg: 'x', curp: '[redacted]', kyc: { Aadhaar: '[redacted]', pan: '[redacted]', check: 'pan' }, RFC: '[redacted]' });
    expect(line.kyc.Aadhaar).toBe('556384394239'); // the caller's object is not changed
    const images = censorHeaders({ upload: { selfie: Buffer.from('x'), document: 'ine_front', kind: 'selfie' } });
    expect(images).toEqual({ upload: { selfie: '[redacted]', document: '[redacted]', kind: 'selfie' } });
  });

  it('keeps a line without identity fields as it is, and hides both headers and identity fields together', () => {
    const plain = { kyc: { provider: 'didit', call: 'curp', status: 503 } };
    expect(censorHeaders(plain)).toBe(plain);
    const both = censorHeaders({ request: { headers: { swift: 's1' }, curp: 'C' } });
    expect(both).toEqual({ request: { headers: { swift: '[redacted]' }, curp: '[redacted]' } });
  });
});

describe('serializeError', () => {
  const phone = '5512345678';
  const code = '482913';

  it('keeps type, message, code, constraint and stack; drops the bound values from drizzle messages, stacks and causes', () => {
    const cause = postgresError('duplicate key value violates unique constraint "borrowers_phone_key"', {
      code: '23505',
      constraint_name: 'borrowers_phone_key',
      table_name: 'borrowers',
      detail: `Key (phone)=(${phone}) already exists.`,
      where: `unnamed portal parameter $1 = '${phone}'`,
      parameters: [phone, code],
      args: [phone, code],
      query: 'insert into "borrowers" ("phone", "sms") values ($1, $2)',
    });
    const error = new DrizzleQueryError('insert into "borrowers" ("phone", "sms") values ($1, $2)', [phone, code], cause);
    const out = serializeError(error);
    const text = JSON.stringify(out);
    expect(text).not.toContain(phone);
    expect(text).not.toContain(code);
    expect(out.type).toBe('DrizzleQueryError');
    expect(out.message).toBe('Failed query: insert into "borrowers" ("phone", "sms") values ($1, $2)\nparams: [redacted]');
    expect(out.stack).toMatch(/^Error: Failed query: insert into[^\n]*\nparams: \[redacted\]\n {4}at /);
    expect(out.cause).toMatchObject({
      type: 'Error',
      message: 'duplicate key value violates unique constraint "borrowers_phone_key"',
      code: '23505',
      constraint: 'borrowers_phone_key',
      table: 'borrowers',
      severity: 'ERROR',
      routine: '_bt_check_unique',
    });
    expect(Object.keys(out.cause!)).not.toEqual(expect.arrayContaining(['detail']));
    for (const field of ['detail', 'where', 'parameters', 'args', 'query', 'params']) expect(text).not.toContain(`"${field}"`);
  });

  it('removes a bound value that PostgreSQL quotes in its own message, and the quoted value of known message forms', () => {
    const cause = postgresError(`invalid input syntax for type bigint: "${phone}x"`, { code: '22P02', parameters: [`${phone}x`] });
    const out = serializeError(new DrizzleQueryError('select 1 where id = $1', [`${phone}x`], cause));
    expect(JSON.stringify(out)).not.toContain(phone);
    expect(out.cause!.message).toBe('invalid input syntax for type bigint: "[redacted]"');
    // Without the values at hand (an error raised elsewhere), the known forms still lose their value.
    expect(serializeError(postgresError(`invalid input syntax for type integer: "${phone}"`, { code: '22P02' })).message).toBe(
      'invalid input syntax for type integer: "[redacted]"',
    );
    expect(serializeError(postgresError(`value "${phone}9999" is out of range for type integer`, {})).message).toBe(
      'value "[redacted]" is out of range for type integer',
    );
    expect(serializeError(new Error(`Key (phone)=(${phone}) already exists.`)).message).toBe('Key (phone)=([redacted]) already exists.');
    expect(serializeError(new Error(`Failing row contains (1, click, ${phone}, 2026-01-01).`)).message).toBe('Failing row contains ([redacted])');
  });

  it('follows causes and AggregateError members, stops on a cycle, takes non-errors', () => {
    const a = new Error('a') as Error & { cause?: unknown; parameters?: unknown[] };
    const b = new Error(`b ${code}`, { cause: a }) as Error & { parameters?: unknown[] };
    b.parameters = [code];
    a.cause = b;
    const out = serializeError(a);
    expect(out.message).toBe('a');
    expect(out.cause!.message).toBe('b [redacted]');
    expect(out.cause!.cause).toBeUndefined();
    const many = serializeError(new AggregateError([new Error('x'), Object.assign(new Error(`y ${phone}`), { params: [phone] })], 'several'));
    expect(many.errors!.map((e) => e.message)).toEqual(['x', 'y [redacted]']);
    expect(serializeError(`a thrown string with ${phone}`)).toEqual({ type: 'string', message: 'non-error value of type string' });
    expect(serializeError(undefined)).toEqual({ type: 'undefined', message: 'non-error value of type undefined' });
    expect(serializeError({ message: 'plain object', statusCode: 503, secret: phone })).toEqual({ type: 'Error', message: 'plain object', statusCode: 503 });
  });

  it('keeps short bound values (ids, flags) in texts and caps very long ones', () => {
    const out = serializeError(new DrizzleQueryError('select $1', ['1'], new Error('bad value 1')));
    expect(out.cause!.message).toBe('bad value 1');
    expect(serializeError(new Error('x'.repeat(10_000))).message.length).toBeLessThanOrEqual(4001);
  });
});
