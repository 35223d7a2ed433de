// A labelled number input of the stake bar; reports the text typed (the URL parser judges it).
export function NumberField({ id, label, value, step, onChange }: { readonly id: string; readonly label: string; readonly value: number; readonly step?: number; readonly onChange: (value: string) => void }) {
  return (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={0}
        step={step ?? 1}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </div>
  );
}
