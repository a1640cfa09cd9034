// The spec's fallback "while content loads", announced to screen readers by its label.
// `label`: what is loading, in the page's language.
export function Spinner({ label }: { label: string }) {
  return (
    <div className="booth-spinner" role="status">
      <span className="booth-visually-hidden">{label}</span>
    </div>
  );
}
