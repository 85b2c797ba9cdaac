// The contact page's only script: the form (site/client/contact-form.ts).
import { initContactForm } from './contact-form';

const form = document.querySelector<HTMLFormElement>('[data-contact-form]');
if (form) initContactForm(form);
