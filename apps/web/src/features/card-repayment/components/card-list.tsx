import { useId } from 'react';
import type { BankCard } from '@presta/contract/api/legacy-payment';
import './card-list.css';

export type CardListProps = {
  cards: readonly BankCard[];
  /** The chosen card's id, '' for none. */
  selectedId: string;
  onSelect: (cardId: string) => void;
  /** Names the group of radios (e.g. "Choose a card"). */
  legend: string;
  /** Accessible text of a masked number from its last digits, e.g. "ending in 4242". */
  endingLabel: (digits: string) => string;
  disabled?: boolean;
};

/** The last digits of a masked card number ('**** **** **** 4242' → '4242'). */
export function lastDigits(cardNo: string): string {
  return cardNo.replace(/\D/g, '').slice(-4);
}

/**
 * The borrower's cards on file as a radio list (native radios in a fieldset):
 * bank name and masked number. Assistive tech hears "BBVA, ending in 4242"
 * rather than the asterisks of the masked number.
 */
export function CardList({ cards, selectedId, onSelect, legend, endingLabel, disabled = false }: CardListProps) {
  const name = useId();
  return (
    <fieldset className="presta-card-list" disabled={disabled}>
      <legend className="presta-visually-hidden">{legend}</legend>
      <ul className="presta-card-list-items">
        {cards.map((card) => {
          const digits = lastDigits(card.cardNo);
          const checked = card.id === selectedId;
          return (
            <li key={card.id}>
              <label className={['presta-card-option', checked ? 'presta-card-option-checked' : ''].filter(Boolean).join(' ')}>
                <input
                  type="radio"
                  className="presta-card-option-input"
                  name={name}
                  value={card.id}
                  checked={checked}
                  onChange={() => onSelect(card.id)}
                />
                <svg className="presta-card-option-icon" viewBox="0 0 32 24" width="32" height="24" aria-hidden="true" focusable="false">
                  <rect x="1" y="1" width="30" height="22" rx="4" fill="#ffe3ef" stroke="currentColor" strokeWidth="1.6" />
                  <rect x="1" y="6" width="30" height="4" fill="currentColor" />
                  <rect x="5" y="15" width="9" height="3" rx="1" fill="currentColor" />
                </svg>
                <span className="presta-card-option-text">
                  <span className="presta-card-option-bank">{card.bankName || card.bankCode}</span>
                  {digits ? (
                    <>
                      <span className="presta-card-option-number" aria-hidden="true">
                        {card.cardNo}
                      </span>
                      <span className="presta-visually-hidden">, {endingLabel(digits)}</span>
                    </>
                  ) : (
                    <span className="presta-card-option-number">{card.cardNo}</span>
                  )}
                </span>
                <span className="presta-card-option-mark" aria-hidden="true" />
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
