import { useId, type MouseEvent, type ReactNode } from 'react';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { bridgeMessages } from '@presta/contract/bridge-messages';
import { bridge } from '@/shared/bridge/native-bridge';
import { useQuery } from '@/shared/http/use-query';
import { useMessages } from '@/shared/i18n/use-messages';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { fetchSupportContacts, type SupportContacts } from '../api/support-contacts';
import { supportMessages } from '../messages';
import { mailLink, telephoneLink, whatsappLink } from '../utils/contact-links';
import './customer-service-page.css';

/**
 * In the app, the host places the call (callTelephone); in a browser the
 * tel: link does it by itself.
 */
function callThroughHost(event: MouseEvent<HTMLAnchorElement>, phone: string) {
  if (bridge.transportFor(bridgeMessages.callTelephone) === 'browser') return;
  event.preventDefault();
  bridge.callTelephone(phone);
}

/** An address that, when too long for the line, wraps after the '@' rather than inside a word. */
function breakableEmail(address: string): ReactNode {
  const at = address.indexOf('@');
  if (at < 0) return address;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}

type ContactProps = {
  kind: 'whatsapp' | 'telephone' | 'email';
  label: string;
  value: string;
  action: string;
  href: string;
  icon: ReactNode;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
};

function Contact({ kind, label, value, action, href, icon, onClick }: ContactProps) {
  return (
    <li className="presta-support-contact">
      <a className={`presta-support-contact-link presta-support-contact-${kind}`} href={href} onClick={onClick}>
        <span className="presta-support-contact-icon" aria-hidden="true">
          {icon}
        </span>
        <span className="presta-support-contact-text">
          <span className="presta-support-contact-label">{label}</span>
          <span className="presta-support-contact-value">{kind === 'email' ? breakableEmail(value) : value}</span>
        </span>
        <span className="presta-support-contact-action">{action}</span>
      </a>
    </li>
  );
}

const icons = {
  whatsapp: (
    <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.1 5.1 0 0 0 1.1 2.7 11.6 11.6 0 0 0 4.5 3.9c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.3 2.2 2.2 0 0 0 .2-1.3c-.1-.1-.2-.2-.5-.3Z"
      />
    </svg>
  ),
  telephone: (
    <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.2 11.4 11.4 0 0 0 3.6.6 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1 11.4 11.4 0 0 0 .6 3.6 1 1 0 0 1-.3 1Z"
      />
    </svg>
  ),
  email: (
    <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
      <path
        fill="currentColor"
        d="M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2Zm0 4.2-8 5-8-5V6l8 5 8-5Z"
      />
    </svg>
  ),
};

/**
 * Customer service (/customer-service and /Dag): the WhatsApp number (a chat
 * link), the telephone (called through the native host, a tel: link in a
 * browser) and the e-mail (a mail link), from get-whatsapp (type 30).
 */
export default function CustomerServicePage() {
  const { t } = useMessages(supportMessages);
  usePageTitle(t('servicePageTitle'));
  const headingId = useId();
  const remote = useQuery<SupportContacts>({ load: ({ signal }) => fetchSupportContacts({ signal }) });
  const contacts = remote.data;

  let body: ReactNode;
  if (contacts) {
    const whatsapp = whatsappLink(contacts.whatsapp);
    const telephone = telephoneLink(contacts.telephone);
    const email = mailLink(contacts.email);
    body =
      whatsapp || telephone || email ? (
        <ul className="presta-support-contacts" aria-label={t('contactsLabel')}>
          {whatsapp ? (
            <Contact kind="whatsapp" label={t('whatsappLabel')} value={contacts.whatsapp} action={t('whatsappAction')} href={whatsapp} icon={icons.whatsapp} />
          ) : null}
          {telephone ? (
            <Contact
              kind="telephone"
              label={t('telephoneLabel')}
              value={contacts.telephone}
              action={t('telephoneAction')}
              href={telephone}
              icon={icons.telephone}
              onClick={(event) => callThroughHost(event, contacts.telephone)}
            />
          ) : null}
          {email ? <Contact kind="email" label={t('emailLabel')} value={contacts.email} action={t('emailAction')} href={email} icon={icons.email} /> : null}
        </ul>
      ) : (
        <div className="presta-support-empty">
          <h2 className="presta-support-empty-title">{t('noContactsTitle')}</h2>
          <p className="presta-support-empty-text">{t('noContactsText')}</p>
        </div>
      );
  } else if (remote.failed) {
    body = (
      <LoadFailure
        level={2}
        title={t('loadFailedTitle')}
        text={remote.refusal ?? t('loadFailedText')}
        {...(remote.refusal ? {} : { actionLabel: t('retry'), onAction: () => void remote.load() })}
      />
    );
  } else {
    body = (
      <div className="presta-support-loading" role="status" aria-live="polite">
        <span className="presta-visually-hidden">{t('loading')}</span>
        <div aria-hidden="true">
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      </div>
    );
  }

  return (
    <PageLayout className="presta-support">
      <section className="presta-page-card presta-support-card" aria-labelledby={headingId}>
        <h1 id={headingId} className="presta-support-heading">
          {t('serviceHeading')}
        </h1>
        <p className="presta-support-intro">{t('serviceIntro')}</p>
        {body}
      </section>
    </PageLayout>
  );
}
