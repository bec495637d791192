/**
 * The image upload control (SPEC: png, jpeg, jpg). A plain file input with a visible label, a hint,
 * the current image, and the server's error tied to it; works the same with JavaScript off.
 */
import type { FieldMetadata } from "@conform-to/react";
import { IMAGE_ACCEPT } from "#app/lib/images";

export function ImageInput({
  field,
  label,
  current,
  optional = true,
}: {
  field: FieldMetadata<any>;
  label: string;
  current?: React.ReactNode;
  optional?: boolean;
}) {
  const invalid = !!field.errors?.length;
  return (
    <div className="field">
      <label htmlFor={field.id}>
        {label}
        {optional ? <span className="field__tag">Optional</span> : null}
      </label>
      <p className="field__hint" id={field.descriptionId}>
        PNG or JPEG (.png, .jpeg, .jpg), up to 2 MB.
      </p>
      <div className="image-input">
        {current}
        <input
          id={field.id}
          name={field.name}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-invalid={invalid || undefined}
          aria-describedby={[field.descriptionId, invalid ? field.errorId : null].filter(Boolean).join(" ")}
        />
      </div>
      {invalid ? (
        <p className="field__error" id={field.errorId} role="alert">
          {field.errors!.join(", ")}
        </p>
      ) : null}
    </div>
  );
}
