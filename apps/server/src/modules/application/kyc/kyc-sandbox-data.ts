import { verhoeffCheckDigit, aadhaarFor } from '@presta/contract/identity/aadhaar';
import { curpFor, type CurpPerson } from '@presta/contract/identity/curp';
import { panFor } from '@presta/contract/identity/pan';
import { rfcFor } from '@presta/contract/identity/rfc';

/*
 * The sandbox's test identities (docs/identity-verification.md "Sandbox"): per outcome and market, a complete,
 * well-formed identity step that the sandbox verifier (kyc-sandbox.ts) answers with that outcome. Tests, the demo
 * and the end-to-end journeys use them. Made with the validators, so every number passes the identity step's checks.
 */

export type SandboxOutcome = 'verified' | 'not_found' | 'name_mismatch' | 'face_mismatch';
export type MexicoIdentity = CurpPerson & { curp: string; rfc: string; email: string };
export type IndiaIdentity = { fullName: string; birthDate: string; pan: string; aadhaar: string; email: string };

/** The sandbox's mark per outcome: the CURP's homoclave, the PAN's digits (kyc-sandbox.ts). */
const HOMOCLAVE: Record<SandboxOutcome, string> = { verified: '0', not_found: '9', name_mismatch: '8', face_mismatch: '7' };
/** panFor's seed whose four digits are the mark (digits = seed mod 9999 + 1). */
const PAN_SEED: Record<SandboxOutcome, number> = { verified: 1233, not_found: 9998, name_mismatch: 8887, face_mismatch: 7776 };

function mexican(outcome: SandboxOutcome, person: CurpPerson, email: string): MexicoIdentity {
  return { ...person, curp: curpFor(person, HOMOCLAVE[outcome]), rfc: rfcFor(person), email };
}

function indian(outcome: SandboxOutcome, fullName: string, birthDate: string, aadhaar: string, email: string): IndiaIdentity {
  return { fullName, birthDate, pan: panFor(fullName, PAN_SEED[outcome]), aadhaar, email };
}

/** An Aadhaar number the sandbox does not find (it starts 9999), valid in form. */
const unknownAadhaar = (() => {
  const digits = '99994821736';
  return digits + verhoeffCheckDigit(digits);
})();

export const sandboxApplicants: Record<SandboxOutcome, { MX: MexicoIdentity; IN: IndiaIdentity }> = {
  verified: {
    MX: mexican('verified', { givenNames: 'María Fernanda', firstSurname: 'López', secondSurname: 'Hernández', birthDate: '1992-05-14', sex: 'M', birthState: 'JC' }, 'maria.lopez@example.com'),
    IN: indian('verified', 'Priya Ramesh Iyer', '1993-07-21', aadhaarFor(34), 'priya.iyer@example.com'),
  },
  not_found: {
    MX: mexican('not_found', { givenNames: 'Jorge Luis', firstSurname: 'Ramírez', secondSurname: 'Ortega', birthDate: '1988-11-02', sex: 'H', birthState: 'NL' }, 'jorge.ramirez@example.com'),
    IN: indian('not_found', 'Arjun Mehta', '1990-02-11', unknownAadhaar, 'arjun.mehta@example.com'),
  },
  name_mismatch: {
    MX: mexican('name_mismatch', { givenNames: 'Daniela', firstSurname: 'Castillo', secondSurname: 'Mendoza', birthDate: '1995-03-27', sex: 'M', birthState: 'PL' }, 'daniela.castillo@example.com'),
    IN: indian('name_mismatch', 'Kavya Nair', '1996-09-30', aadhaarFor(35), 'kavya.nair@example.com'),
  },
  face_mismatch: {
    MX: mexican('face_mismatch', { givenNames: 'Ricardo', firstSurname: 'Navarro', secondSurname: 'Salinas', birthDate: '1985-08-09', sex: 'H', birthState: 'DF' }, 'ricardo.navarro@example.com'),
    IN: indian('face_mismatch', 'Rohan Kapoor', '1987-12-05', aadhaarFor(36), 'rohan.kapoor@example.com'),
  },
};
