import Alert from 'antd/es/alert';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Image from 'antd/es/image';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { consoleCreditApplication } from '@presta/contract/api/console/credit-applications';
import { CONSOLE_APPLICATION_DOCUMENT_PATH, inStates, mxStates } from '@presta/contract/application-rules';
import { dateTime, money } from '@/shared/format/format';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { applicationsMessages, knownKey } from './messages';

/*
 * The sections of a credit application's page: the answers of each step, the documents, the consents, the
 * verifier's results and the state changes.
 */

export type CreditApplication = DataOf<typeof consoleCreditApplication>['application'];
type SectionProps = { application: CreditApplication };

/** A value as stored, or a dash for what was not typed. */
const shown = (value: string) => value || '—';

/** A coded value with its name when the catalogue knows it (an occupation, a sex), else as it is. */
function useNamed() {
  const t = useMessages(applicationsMessages);
  return (prefix: string, value: string) => {
    const key = value ? knownKey(prefix, value) : undefined;
    return key ? t(key) : shown(value);
  };
}

function stateName(market: string, code: string): string {
  const states: Record<string, string> = market === 'IN' ? inStates : mxStates;
  return code && Object.hasOwn(states, code) ? `${states[code]} (${code})` : shown(code);
}

/** Identity: names, birth, and the identity numbers as the member's role may see them (masked, or whole and audited). */
export function IdentitySection({ application: a }: SectionProps) {
  const t = useMessages(applicationsMessages);
  const named = useNamed();
  const i = a.identity;
  const mx = a.market === 'MX';
  const items = mx
    ? [
        { key: 'givenNames', label: t('givenNames'), children: shown(i.givenNames) },
        { key: 'firstSurname', label: t('firstSurname'), children: shown(i.firstSurname) },
        { key: 'secondSurname', label: t('secondSurname'), children: shown(i.secondSurname) },
        { key: 'sex', label: t('sex'), children: named('sex_', i.sex) },
        { key: 'birthState', label: t('birthState'), children: stateName('MX', i.birthState) },
        { key: 'curp', label: t('curp'), children: <code>{shown(i.curp)}</code> },
        { key: 'rfc', label: t('rfc'), children: <code>{shown(i.rfc)}</code> },
      ]
    : [
        { key: 'fullName', label: t('fullName'), children: shown(i.fullName) },
        { key: 'pan', label: t('pan'), children: <code>{shown(i.pan)}</code> },
        { key: 'aadhaar', label: t('aadhaar'), children: <code>{shown(i.aadhaarMasked)}</code> },
      ];
  return (
    <>
      <Alert type={a.identityShown ? 'warning' : 'info'} showIcon title={t(a.identityShown ? 'identityShown' : 'identityMasked')} style={{ marginBottom: 12 }} />
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        items={[...items, { key: 'birthDate', label: t('birthDate'), children: shown(i.birthDate) }, { key: 'email', label: t('email'), children: shown(i.email) }]}
      />
    </>
  );
}

/** Address: Mexico's street, number, colonia…; India's lines, city, PIN and the permanent-address declaration. */
export function AddressSection({ application: a }: SectionProps) {
  const t = useMessages(applicationsMessages);
  const common = useMessages(commonMessages);
  const d = a.address;
  const items =
    a.market === 'MX'
      ? [
          { key: 'street', label: t('street'), children: shown(d.street) },
          { key: 'number', label: t('number'), children: shown(d.number) },
          { key: 'interior', label: t('interior'), children: shown(d.interior) },
          { key: 'colonia', label: t('colonia'), children: shown(d.colonia) },
          { key: 'municipality', label: t('municipality'), children: shown(d.municipality) },
          { key: 'postalCode', label: t('postalCode'), children: shown(d.postalCode) },
          { key: 'state', label: t('state'), children: stateName('MX', d.state) },
        ]
      : [
          { key: 'line1', label: t('line1'), children: shown(d.line1) },
          { key: 'line2', label: t('line2'), children: shown(d.line2) },
          { key: 'city', label: t('city'), children: shown(d.city) },
          { key: 'postalCode', label: t('pinCode'), children: shown(d.postalCode) },
          { key: 'state', label: t('state'), children: stateName('IN', d.state) },
          { key: 'permanent', label: t('permanent'), children: common(d.permanent ? 'yes' : 'no') },
        ];
  return <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} items={items} />;
}

/** Work and income, money in the market's currency. */
export function WorkSection({ application: a }: SectionProps) {
  const t = useMessages(applicationsMessages);
  const named = useNamed();
  const w = a.work;
  const amount = (minor: number | null) => (minor === null ? '—' : money(minor, a.market));
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'occupation', label: t('occupation'), children: named('occupation_', w.occupation) },
        { key: 'employer', label: t('employer'), children: shown(w.employer) },
        { key: 'monthlyIncome', label: t('monthlyIncome'), children: amount(w.monthlyIncome) },
        { key: 'payFrequency', label: t('payFrequency'), children: named('pay_', w.payFrequency) },
        { key: 'monthlyObligations', label: t('monthlyObligations'), children: amount(w.monthlyObligations) },
      ]}
    />
  );
}

/** A document's image at the console's route (same origin: the console's cookie goes with it). */
const documentSrc = (applicationNo: string, kind: string) =>
  `${CONSOLE_APPLICATION_DOCUMENT_PATH}?${new URLSearchParams({ applicationNo, kind }).toString()}`;

/** The documents: thumbnails for a member whose role opens them (each opening audited), else what was sent and when. */
export function DocumentsSection({ application: a, mayOpen }: SectionProps & { mayOpen: boolean }) {
  const t = useMessages(applicationsMessages);
  const named = useNamed();
  const { language } = useLanguage();
  if (a.documents.length === 0) return <Typography.Paragraph type="secondary">{t('noDocuments')}</Typography.Paragraph>;
  return (
    <>
      <Typography.Paragraph type="secondary">{t(mayOpen ? 'documentsAudited' : 'documentsHidden')}</Typography.Paragraph>
      <Image.PreviewGroup>
        <Flex gap={16} wrap>
          {a.documents.map((d) => (
            <figure key={d.kind} style={{ margin: 0 }}>
              {mayOpen ? (
                <Image
                  width={160}
                  height={120}
                  style={{ objectFit: 'cover' }}
                  src={documentSrc(a.applicationNo, d.kind)}
                  alt={t('documentAlt', { kind: named('kind_', d.kind), applicationNo: a.applicationNo })}
                />
              ) : null}
              <figcaption>
                <Typography.Text strong>{named('kind_', d.kind)}</Typography.Text>
                <br />
                <Typography.Text type="secondary">
                  {t('documentFacts', { width: d.width, height: d.height, size: Math.ceil(d.bytes / 1024), at: dateTime(d.uploadedAt, language) })}
                </Typography.Text>
              </figcaption>
            </figure>
          ))}
        </Flex>
      </Image.PreviewGroup>
    </>
  );
}

/** The consents as signed: the text's version, the answer, when, from which address and device. */
export function ConsentsSection({ application: a }: SectionProps) {
  const t = useMessages(applicationsMessages);
  const named = useNamed();
  const { language } = useLanguage();
  return (
    <Table
      rowKey="kind"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={a.consents}
      locale={{ emptyText: t('noConsents') }}
      columns={[
        { key: 'kind', title: t('consent'), render: (_, c) => named('consent_', c.kind) },
        { key: 'version', title: t('version'), dataIndex: 'version' },
        { key: 'granted', title: t('granted'), render: (_, c) => t(c.granted ? 'grantedYes' : 'grantedNo') },
        { key: 'at', title: t('at'), render: (_, c) => dateTime(c.at, language) },
        { key: 'ip', title: t('ip'), dataIndex: 'ip' },
        { key: 'device', title: t('device'), dataIndex: 'device' },
      ]}
    />
  );
}

/** The verifier's answers: each check, its outcome, the face match's score, who answered and their reference. */
export function ChecksSection({ application: a }: SectionProps) {
  const t = useMessages(applicationsMessages);
  const named = useNamed();
  const { language } = useLanguage();
  return (
    <Table
      rowKey="reference"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={a.checks}
      locale={{ emptyText: t('noChecks') }}
      columns={[
        { key: 'check', title: t('check'), render: (_, c) => named('check_', c.check) },
        { key: 'outcome', title: t('outcome'), render: (_, c) => named('outcome_', c.outcome) },
        { key: 'score', title: t('score'), render: (_, c) => (c.score === null ? '—' : String(c.score)) },
        { key: 'provider', title: t('provider'), dataIndex: 'provider' },
        { key: 'reference', title: t('reference'), dataIndex: 'reference' },
        { key: 'at', title: t('at'), render: (_, c) => dateTime(c.at, language) },
      ]}
    />
  );
}

/** The state changes, oldest first, with who made each. */
export function HistorySection({ application: a }: SectionProps) {
  const t = useMessages(applicationsMessages);
  const named = useNamed();
  const { language } = useLanguage();
  return (
    <Table
      rowKey={(h) => `${h.at}-${h.to}`}
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={a.history}
      locale={{ emptyText: t('noHistory') }}
      columns={[
        { key: 'at', title: t('at'), render: (_, h) => dateTime(h.at, language) },
        { key: 'change', title: t('change'), render: (_, h) => `${h.from ? `${named('status_', h.from)} → ` : ''}${named('status_', h.to)}` },
        { key: 'actor', title: t('actor'), dataIndex: 'actor' },
      ]}
    />
  );
}


