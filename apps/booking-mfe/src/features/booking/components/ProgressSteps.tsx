import { CheckIcon, cx } from '@slotwise/ui';
import { type WizardStep } from '../wizard-store';

const STEPS: ReadonlyArray<{ step: WizardStep; label: string }> = [
  { step: 1, label: 'Service' },
  { step: 2, label: 'Date & Time' },
  { step: 3, label: 'Your Details' },
];

/** Three circles; the current one has aria-current="step", earlier ones show a tick. */
export function ProgressSteps({ current }: { current: WizardStep }) {
  return (
    <nav aria-label="Booking progress" className="bk-progress">
      <ol className="bk-progress__list">
        {STEPS.map(({ step, label }) => {
          const state = step < current ? 'done' : step === current ? 'current' : 'todo';
          return (
            <li
              key={step}
              className={cx('bk-progress__item', `bk-progress__item--${state}`)}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="bk-progress__circle" aria-hidden="true">
                {state === 'done' ? <CheckIcon width={16} height={16} /> : step}
              </span>
              <span className="bk-progress__label">
                <span className="sw-visually-hidden">
                  Step {step} of 3{state === 'done' ? ', completed' : ''}:{' '}
                </span>
                {label}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
