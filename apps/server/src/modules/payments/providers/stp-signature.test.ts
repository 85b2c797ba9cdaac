import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REGISTRA_ORDEN_FIELDS,
  cadenaOriginal,
  conciliacionCadena,
  consultaOrdenCadena,
  montoText,
  registraOrdenCadena,
  stpFirma,
  stpPrivateKey,
  verifyStpFirma,
} from './stp-signature';

/*
 * STP's published test key (empresa TAMIZI, passphrase 12345678) as cuenca-mx/stpmex-python keeps it in
 * tests/conftest.py: a demo key of STP's test environment, no account's. With it, that library's tests
 * (tests/test_auth.py) and its recorded calls to STP's test environment (efws-dev.stpmex.com, the cassettes of
 * cuenca-mx/speid and of the library) give cadenas and the firmas STP accepted: this file reproduces them.
 */
const STP_DEMO_KEY = `Bag Attributes
    friendlyName: prueba
    localKeyID: 54 69 6D 65 20 31 33 32 34 35 39 35 30 31 35 33 33 30
Key Attributes: <No Attributes>
-----BEGIN ENCRYPTED PRIVATE KEY-----
MIICxjBABgkqhkiG9w0BBQ0wMzAbBgkqhkiG9w0BBQwwDgQIAPOngEipSGICAggA
MBQGCCqGSIb3DQMHBAi3RX0+96FhJASCAoAGX5N8jxBqlyKk8MTz/Q3a/V4fnCNA
IlPYybMbO00HbMNXw20Kn+WzK73VZtBdEf+8CBcqZMwuC0gqn5pdnOVqP0wz8MU5
AlWu0ZJpLo8npjQyV5Smrk1OvFREQ9skuJRBgYjPPTgdYmVN77ZGeFwJlf+OqOIM
JWZIFZY6z3cXn6CnaAvQ6L+/smRt1Us0gEMe1m7rln0M6m64EbOFsOonzp7/CRTd
Mmlsk93Lg8G/uwGrL3gf1TDep1yM1KKMu6pWZ+6zT26ykwNsdUg0NUCpeWeYWzDZ
KLzQ90U+/XlBPbPg/8gK6tc1dresvPbRcvNu+IJq8HbKuUkjrDeFor5Wezic3CyO
/g//2LJbJGy7Ak4V4W9J46GLD8B3fqyDz0itCBRcmlrtAXiV0azb1isD+j8LdOXN
vo/EPjLJnVdbP2RHiKKdp0Kq2FyRbigP86UujxwxfOxNN/w6m48agmVsj1uB6zBp
hn0D/MLkMtoV7NmGhayRxFXs5sO1G/lWOoR96PgNzOur8xnPzvG7ysPv9qKRO1XS
JEaGZXUUQ/sq2d6nLWMz9YLh7YVaVsRfIcUGPnmFh/bj30Pk52PodF6kN3JYftvn
ZaXgOf6E4NLpHjtYRTzyVZQamenDAlvHQwZE284hDPShuJwxFr6FOSR/GrgqbN4d
cOK898ofM+ZxkNkm5LrU3RAXR3336HU9XMky4UCV9L3CA51IlTMqt/CkddFhsjrw
W4Zo1Aj8G7FaoDm7XhkLGDwVjf0Ua1O4YHRpSgVSkrXeBgW7P4Tc+53nFns3rwxs
uzF/x9tl2+BdiDjPOhSRuoa1ypilODdpOGKNKuf0vu2jAbbzDILBYOfw
-----END ENCRYPTED PRIVATE KEY-----`;
const STP_DEMO_PASSPHRASE = '12345678';

function testKeyPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'test passphrase' },
  });
}

describe('registraOrden: cadena original and firma', () => {
  // The order of cuenca-mx/stpmex-python tests/conftest.py `orden_dict` (a payout of 1.20 to a BBVA CLABE).
  const orden = {
    institucionContraparte: '40072',
    empresa: 'TAMIZI',
    claveRastreo: 'CR1564969083',
    institucionOperante: 90646,
    monto: montoText(120),
    tipoPago: 1,
    tipoCuentaOrdenante: 40,
    cuentaOrdenante: '646180110400000007',
    tipoCuentaBeneficiario: 40,
    nombreBeneficiario: 'Ricardo Sanchez',
    cuentaBeneficiario: '072691004495711499',
    rfcCurpBeneficiario: 'ND',
    conceptoPago: 'Prueba',
    referenciaNumerica: 5273144,
    topologia: 'T',
    medioEntrega: 3,
    prioridad: 0,
  };
  // tests/test_auth.py test_join_fields_for_orden and test_compute_signature.
  const publishedCadena =
    '||40072|TAMIZI|||CR1564969083|90646|1.20|1|40||646180110400000007||40|Ricardo Sanchez|072691004495711499|ND||||||Prueba||||||5273144||T||3|0|||';
  const publishedFirma =
    'KDNKDVVuyNt9oTXPAlofGXGH5L5IH9PAzOsx0JZFtmGlU+10QRf2RHSg0OVCnYYpu5sC3DJ6vlXuYM40+uNw0tMc0y8Dv26uO8Vv2GhOhMqaGk72LwgwgmqVg17xzjgGbJHzAzMav3fx4/3No+mSnf7vxpe4ePf6yK1yU5U28L4=';

  it('34 fields in STP’s order, the absent ones empty: the published cadena', () => {
    expect(REGISTRA_ORDEN_FIELDS).toHaveLength(34);
    expect(registraOrdenCadena(orden)).toBe(publishedCadena);
  });

  it('signed with STP’s demo key: the published firma, byte for byte', () => {
    expect(stpFirma(STP_DEMO_KEY, STP_DEMO_PASSPHRASE, publishedCadena)).toBe(publishedFirma);
    expect(stpFirma(stpPrivateKey(STP_DEMO_KEY, STP_DEMO_PASSPHRASE), undefined, registraOrdenCadena(orden))).toBe(publishedFirma);
  });

  it('a wrong passphrase does not open the key', () => {
    expect(() => stpFirma(STP_DEMO_KEY, 'wrong', publishedCadena)).toThrow();
  });
});

describe('the queries: cadena original and firma', () => {
  const key = stpPrivateKey(STP_DEMO_KEY, STP_DEMO_PASSPHRASE);

  it('consultaOrden: ||empresa|claveRastreo|tipoOrden|fechaOperacion||, as STP’s test environment accepted it', () => {
    // cuenca-mx/speid tests/tasks/cassettes/test_check_existing_deposit.yaml (answered with the deposit)
    const cadena = consultaOrdenCadena({ empresa: 'TAMIZI', claveRastreo: 'Test162467872', tipoOrden: 'R', fechaOperacion: '20230828' });
    expect(cadena).toBe('||TAMIZI|Test162467872|R|20230828||');
    expect(stpFirma(key, undefined, cadena)).toBe(
      'SgmhFe+ySNKghFsLscumsJmjME2Fd+grVr1qaS+q9z2Av1RF2QV88WJ51vArFI/nTWBjtmuEvfgQfU2oIY6kv2JS16M85EPLbIJPMZnKYktWBl4hMjJIxlf8OogUI8uuZsQ8PHbwPlZLayjFeOmJnP6PLxI0c9re+HF5ieRVpFQ=',
    );
    // cuenca-mx/stpmex-python test_consulta_orden_recibida_por_clave_rastreo_not_found_efws.yaml
    expect(stpFirma(key, undefined, consultaOrdenCadena({ empresa: 'TAMIZI', claveRastreo: 'APZ11111111111', tipoOrden: 'R', fechaOperacion: '20230517' }))).toBe(
      'Zdww/1JGDsjp45N10CeVZOAj5nxky1fX/w79aIYrefmhnNlflJqXY7DcGboJ0KsGB0yD8t7plVd78paYWtet/69SMkCc6k6Ug6qpGZuMjBsjaY8KcnvOySlf+UUVaDwvGhUhyReag6X7bZt6hsAvUs74IzJHTgWpEZCOFrd4fP4=',
    );
  });

  it('consultaOrden without a date (today): the date empty', () => {
    expect(consultaOrdenCadena({ empresa: 'TAMIZI', claveRastreo: 'CR1', tipoOrden: 'E' })).toBe('||TAMIZI|CR1|E|||');
  });

  it('conciliación: ||empresa|tipoOrden|fechaOperacion||, today’s with the date empty', () => {
    expect(conciliacionCadena({ empresa: 'PRESTA', tipoOrden: 'R', fechaOperacion: '20250301' })).toBe('||PRESTA|R|20250301||');
    expect(conciliacionCadena({ empresa: 'PRESTA', tipoOrden: 'R' })).toBe('||PRESTA|R|||');
  });
});

describe('cadenaOriginal', () => {
  it('refuses a value holding "|" and a number that is not whole', () => {
    expect(() => cadenaOriginal(['a', 'b'], { a: 'x|y' })).toThrow(RangeError);
    expect(() => registraOrdenCadena({ monto: 1.2 })).toThrow(RangeError);
    expect(cadenaOriginal(['a', 'b'], {})).toBe('|||||');
  });

  it('montoText: centavos as pesos with two decimals', () => {
    expect([0, 1, 10, 120, 150_000, 150_050].map(montoText)).toEqual(['0.00', '0.01', '0.10', '1.20', '1500.00', '1500.50']);
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => montoText(bad)).toThrow(RangeError);
  });

  it('a cadena reads back as its values: one signature never covers two requests', () => {
    const value = fc.string({ unit: fc.constantFrom(...'aZ09 .-_ñ') });
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 34 }), (values) => {
        const fields = values.map((_, i) => `f${i}`);
        const cadena = cadenaOriginal(fields, Object.fromEntries(fields.map((f, i) => [f, values[i]])));
        expect(cadena.slice(2, -2).split('|')).toEqual(values);
      }),
    );
  });
});

describe('stpFirma / verifyStpFirma with a key pair made by the test', () => {
  const { publicKey, privateKey } = testKeyPair();
  const other = testKeyPair();
  const cadena = consultaOrdenCadena({ empresa: 'PRESTA', claveRastreo: 'MBAN01002503010000001', tipoOrden: 'R', fechaOperacion: '20250301' });

  it('verifies with the public key; an encrypted PEM opens with its passphrase', () => {
    const firma = stpFirma(privateKey, 'test passphrase', cadena);
    expect(Buffer.from(firma, 'base64')).toHaveLength(256);
    expect(verifyStpFirma(publicKey, cadena, firma)).toBe(true);
  });

  it('refuses another cadena, another key, a damaged firma and one that is not base64', () => {
    const firma = stpFirma(privateKey, 'test passphrase', cadena);
    expect(verifyStpFirma(publicKey, cadena.replace('20250301', '20250302'), firma)).toBe(false);
    expect(verifyStpFirma(other.publicKey, cadena, firma)).toBe(false);
    const damaged = `${firma[0] === 'A' ? 'B' : 'A'}${firma.slice(1)}`;
    expect(verifyStpFirma(publicKey, cadena, damaged)).toBe(false);
    expect(verifyStpFirma(publicKey, cadena, `${firma}!`)).toBe(false);
    expect(verifyStpFirma(publicKey, cadena, '')).toBe(false);
  });
});
