// The spec's fallback "while content loads", announced to screen readers by its label.
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="booth-spinner" role="status">
      <span className="booth-visually-hidden">{label}</span>
    </div>
  );
}
