// Small pieces every console screen uses: the page heading that takes the focus, labelled
// fields with their problems tied to them, the error summary, and a two-step delete.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** The screen's heading; it takes the focus when the screen opens, so a screen reader starts there. */
export function Heading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}

export interface FieldProps {
  id: string;
  label: string;
  hint?: ReactNode;
  problems?: string[];
  warnings?: string[];
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}

/** A label, the control, a hint, and the field's problems, all tied to the control. */
export function Field({ id, label, hint, problems = [], warnings = [], children }: FieldProps) {
  const ids = [
    hint ? `${id}-hint` : '',
    problems.length ? `${id}-problems` : '',
    warnings.length ? `${id}-warnings` : '',
  ].filter(Boolean);
  return (
    <div className={problems.length ? 'field invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children(ids.length ? ids.join(' ') : undefined, problems.length > 0)}
      {problems.length ? (
        <ul className="problems" id={`${id}-problems`}>
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      {warnings.length ? (
        <ul className="warnings" id={`${id}-warnings`}>
          {warnings.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export interface SummaryItem {
  id: string;
  message: string;
}

/** What stopped a save; it takes the focus each time `attempt` changes, and links to each field. */
export function ErrorSummary({ title, items, attempt }: { title: string; items: SummaryItem[]; attempt: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (attempt > 0) ref.current?.focus();
  }, [attempt]);
  if (!title && items.length === 0) return null;
  return (
    <div className="summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="summary-title">
      <h2 id="summary-title">{title || 'Some fields need fixing'}</h2>
      <ul>
        {items.map((item) => (
          <li key={`${item.id}:${item.message}`}>
            <a
              href={`#${item.id}`}
              onClick={(event) => {
                // The app routes by the fragment: move the focus instead of following the link.
                event.preventDefault();
                document.getElementById(item.id)?.focus();
              }}
            >
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A destructive button that asks once more in the page; the question takes the focus. */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  disabled,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (asking) ref.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" className="danger" disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a question with two buttons inside a form, not a set of fields.
    <div className="confirm" role="group" aria-labelledby={id}>
      <p id={id} ref={ref} tabIndex={-1}>
        {question}
      </p>
      <button
        type="button"
        className="danger"
        onClick={async () => {
          setAsking(false);
          await onConfirm();
        }}
      >
        {confirmLabel}
      </button>{' '}
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </div>
  );
}

/** A line for an answer the console could not use, shown where the data would be. */
export function Problem({ children }: { children: ReactNode }) {
  return children ? (
    <p className="problem" role="alert">
      {children}
    </p>
  ) : null;
}
