/**
 * The analysis's currency setting (issue 14 item 9): shown with the focus cards, before the
 * upload starts, because picking a card or asking a question starts it.
 */
import { useId } from 'react';
import { fieldClasses } from '../../../components/ui/input';
import { COMMON_CURRENCIES, DETECT_CURRENCY, currencyOptionLabel } from '../utils/currency-options';

export function CurrencySelect({ value, onChange }: { value: string; onChange: (currency: string) => void }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
        <label htmlFor={id} className="shrink-0 text-sm font-medium text-slate-200">
          Currency
        </label>
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={hintId}
          className={`${fieldClasses} py-2`}
        >
          <option value={DETECT_CURRENCY}>Detect from file</option>
          {COMMON_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {currencyOptionLabel(code)}
            </option>
          ))}
        </select>
      </div>
      <p id={hintId} className="mt-1.5 text-xs text-slate-400 sm:text-center">
        Every amount is shown in this currency. Detect from file reads the signs and codes in your data.
      </p>
    </div>
  );
}
