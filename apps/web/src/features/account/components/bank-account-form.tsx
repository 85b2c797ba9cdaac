import type { FormEvent } from 'react';
import type { MarketCode } from '@presta/contract/markets';
import { useMessages } from '@/shared/i18n/use-messages';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { useBankAccountForm } from '../hooks/use-bank-account-form';
import { accountMessages } from '../messages';
import { CodeField } from './code-field';
import { RefusalNotice } from './refusal-notice';
import { TextField } from './text-field';

/** Mexico: the CLABE. India: the account number and IFSC. Then the SMS code and "save". */
export function BankAccountForm({ market }: { market: MarketCode }) {
  const { t } = useMessages(accountMessages);
  const form = useBankAccountForm(market);
  const problem = (field: 'account' | 'ifsc' | 'code') => {
    const key = form.problems[field];
    return key ? t(key) : undefined;
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.save();
  };
  const saving = form.busy === 'save';
  return (
    <form className="presta-account-form" noValidate onSubmit={onSubmit}>
      <TextField
        label={market === 'MX' ? t('clabeLabel') : t('accountNumberLabel')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={18}
        value={form.values.account}
        onChange={(account) => form.change('account', account.replace(/\D/g, '').slice(0, 18))}
        error={problem('account')}
      />
      {market === 'IN' ? (
        <TextField
          label={t('ifscLabel')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={11}
          value={form.values.ifsc}
          onChange={(ifsc) => form.change('ifsc', ifsc.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 11))}
          error={problem('ifsc')}
        />
      ) : null}
      <CodeField
        value={form.values.code}
        onChange={(code) => form.change('code', code)}
        error={problem('code')}
        resendAt={form.resendAt}
        sent={form.codeSent}
        sending={form.busy === 'code'}
        onSend={() => void form.sendCode()}
      />
      <RefusalNotice refusal={form.refusal} />
      <PrimaryButton type="submit" disabled={saving} aria-busy={saving || undefined}>
        {saving ? t('savingAccount') : t('saveAccount')}
      </PrimaryButton>
    </form>
  );
}
