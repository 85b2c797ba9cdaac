/**
 * The marketing contact form (spec §5): name, telephone, e-mail and remark.
 * Any empty field (blank counts as empty) shows the "incomplete" message for
 * 1 s; otherwise the "success" message, and the form is cleared. Client-only,
 * as the spec says: nothing is sent. The messages are the form's
 * data-msg-incomplete / data-msg-success attributes, in the page's language.
 */
export type ContactFormOptions = {
  /** How long the incomplete message stays (spec: 1 s). */
  incompleteMs?: number;
  /** How long the success message stays (the toast default, 3 s). */
  successMs?: number;
};

export const contactFields = ['name', 'phone', 'email', 'remark'] as const;

export function initContactForm(form: HTMLFormElement, options: ContactFormOptions = {}): () => void {
  const incompleteMs = options.incompleteMs ?? 1000;
  const successMs = options.successMs ?? 3000;
  const status = form.querySelector<HTMLElement>('[data-contact-status]');
  let timer: ReturnType<typeof setTimeout> | undefined;

  function show(text: string, kind: 'error' | 'success', ms: number) {
    if (!status) return;
    if (timer !== undefined) clearTimeout(timer);
    // A new node each time, so a repeated message is announced again.
    const message = form.ownerDocument.createElement('p');
    message.className = `contact-form__message contact-form__message--${kind}`;
    message.textContent = text;
    status.replaceChildren(message);
    timer = setTimeout(() => {
      timer = undefined;
      status.replaceChildren();
    }, ms);
  }

  function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    const controls = contactFields.map((name) => form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null);
    const empty = controls.filter((control) => !control || control.value.trim() === '');
    for (const control of controls) {
      if (control) control.setAttribute('aria-invalid', String(empty.includes(control)));
    }
    if (empty.length > 0) {
      show(form.dataset.msgIncomplete ?? 'Please provide complete information!', 'error', incompleteMs);
      return;
    }
    show(form.dataset.msgSuccess ?? 'Successful!', 'success', successMs);
    form.reset();
    for (const control of controls) control?.removeAttribute('aria-invalid');
  }

  form.addEventListener('submit', onSubmit);
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    form.removeEventListener('submit', onSubmit);
  };
}
